export const handle = { title: 'Category' };

export function Component() {
  return (
    <section>
      <h1>Category</h1>
      <p>This page is being built.</p>
    </section>
  );
}
