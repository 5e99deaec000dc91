import { redirect, type LoaderFunctionArgs } from 'react-router-dom';

export const handle = { title: 'Order' };

/** Spec §2: without query parameters the confirmation page redirects to /. */
export function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.size === 0) return redirect('/');
  return null;
}

export function Component() {
  return (
    <section>
      <h1>Order confirmation</h1>
      <p>This page is being built.</p>
    </section>
  );
}
