import { ReleaseLabel } from '../release/ReleaseLabel';

export const handle = { title: 'Home' };

export function Component() {
  return (
    <section>
      <h1>New season, new favourites</h1>
      <p>This page is being built.</p>
      <ReleaseLabel />
    </section>
  );
}
