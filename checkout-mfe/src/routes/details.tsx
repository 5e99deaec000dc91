export const handle = { title: 'Details' };

export function Component() {
  return (
    <section>
      <h1>Your details</h1>
      <p>This page is being built.</p>
    </section>
  );
}
