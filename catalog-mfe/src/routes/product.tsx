export const handle = { title: 'Product' };

export function Component() {
  return (
    <section>
      <h1>Product</h1>
      <p>This page is being built.</p>
    </section>
  );
}
