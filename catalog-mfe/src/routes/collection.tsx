export const handle = { title: 'Collection' };

export function Component() {
  return (
    <section>
      <h1>Collection</h1>
      <p>This page is being built.</p>
    </section>
  );
}
