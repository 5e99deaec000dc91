import { Outlet } from 'react-router-dom';

export const handle = { title: 'Checkout' };

export function Component() {
  return (
    <section>
      <h1>Checkout</h1>
      <Outlet />
    </section>
  );
}
