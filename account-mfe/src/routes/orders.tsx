export const handle = { title: 'Orders' };

export function Component() {
  return (
    <section>
      <h1>Your orders</h1>
      <p>This page is being built.</p>
    </section>
  );
}
