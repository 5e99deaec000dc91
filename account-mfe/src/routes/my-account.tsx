export const handle = { title: 'My account' };

export function Component() {
  return (
    <section>
      <h1>My account</h1>
      <p>This page is being built.</p>
    </section>
  );
}
