export const handle = { title: 'Sign in' };

export function Component() {
  return (
    <section>
      <h1>Sign in</h1>
      <p>This page is being built.</p>
    </section>
  );
}
