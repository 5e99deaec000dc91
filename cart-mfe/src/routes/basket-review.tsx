export const handle = { title: 'Basket' };

export function Component() {
  return (
    <section>
      <h1>Your basket</h1>
      <p>This page is being built.</p>
    </section>
  );
}
