export const handle = { title: 'Personal information' };

export function Component() {
  return (
    <section>
      <h1>Personal information</h1>
      <p>This page is being built.</p>
    </section>
  );
}
