export const handle = { title: 'Credentials' };

export function Component() {
  return (
    <section>
      <h1>Credentials</h1>
      <p>This page is being built.</p>
    </section>
  );
}
