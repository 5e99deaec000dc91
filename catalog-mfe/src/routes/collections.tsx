export const handle = { title: 'Collections' };

export function Component() {
  return (
    <section>
      <h1>Collections</h1>
      <p>This page is being built.</p>
    </section>
  );
}
