export const handle = { title: 'Order' };

export function Component() {
  return (
    <section>
      <h1>Order confirmation</h1>
      <p>This page is being built.</p>
    </section>
  );
}
