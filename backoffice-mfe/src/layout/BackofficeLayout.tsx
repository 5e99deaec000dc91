// The /backoffice layout: who is signed in and their roles, the back office's navigation, and the
// page. A signed-in shopper without a staff record sees why there is nothing here for them.
import { useAuth } from '@shop/shared';
import { NavLink, Outlet, useLoaderData } from 'react-router-dom';
import { BACKOFFICE_PATHS } from '../routes/ownPaths';
import type { StaffCheck } from '../staff/staffMember';
import '../styles/backoffice.css';

const LINKS = [
  { to: BACKOFFICE_PATHS.dashboard, label: 'Dashboard' },
  { to: BACKOFFICE_PATHS.orders, label: 'Orders' },
  { to: BACKOFFICE_PATHS.products, label: 'Products' },
];

export function BackofficeLayout() {
  const check = useLoaderData() as StaffCheck;
  const auth = useAuth();
  if (check.kind === 'unavailable') {
    return (
      <section className="backoffice-page" aria-labelledby="backoffice-denied-heading">
        <h1 id="backoffice-denied-heading" className="backoffice-page__title">
          Back office
        </h1>
        <p role="alert" className="backoffice-message backoffice-message--error">
          {check.message}
        </p>
      </section>
    );
  }
  if (check.kind === 'not-staff' || !auth.isSignedIn) {
    return (
      <section className="backoffice-page" aria-labelledby="backoffice-denied-heading">
        <h1 id="backoffice-denied-heading" className="backoffice-page__title">
          Back office
        </h1>
        <p className="backoffice-message">
          The back office is for the shop&apos;s staff.{' '}
          {check.kind === 'not-staff' && auth.isSignedIn
            ? `The account ${check.email} has no staff role.`
            : 'Please sign in with a staff account.'}
        </p>
      </section>
    );
  }
  return (
    <div className="backoffice-layout">
      <div className="backoffice-bar">
        <nav aria-label="Back office" className="backoffice-nav">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    isActive
                      ? 'backoffice-nav__link backoffice-nav__link--active'
                      : 'backoffice-nav__link'
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="backoffice-bar__who">
          {check.member.email} · {check.member.roles.join(', ')}
        </p>
      </div>
      <Outlet />
    </div>
  );
}
