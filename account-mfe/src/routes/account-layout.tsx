import { Outlet } from 'react-router-dom';

export const handle = { title: 'Account' };

export function Component() {
  return (
    <section>
      <h1>Your account</h1>
      <Outlet />
    </section>
  );
}
