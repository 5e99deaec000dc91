import { useAuth, useCart, useShopContext } from '@shop/shared';
import { useLayoutEffect } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router-dom';
import {
  showConfirmationInPlace,
  useConfirmationInPlace,
} from '../confirmation/confirmationInPlace';
import { signInReturningTo } from '../session/signIn';
import { StepIndicator } from '../steps/StepIndicator';
import './checkout-layout.css';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

/** The checkout frame: title, who is checking out, the steps, and the current step below. */
export function CheckoutLayout() {
  const t = useMessages(messages);
  const shop = useShopContext();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const auth = useAuth();
  const cart = useCart();
  const inPlace = useConfirmationInPlace();
  // The checkout left (for the confirmation's page, normally): the order has its page now.
  useLayoutEffect(() => () => showConfirmationInPlace(null), []);
  const step = /\/details\/?$/.test(pathname) ? 1 : 0;
  // An empty basket is no completed basket step, even when the details page is open.
  const completed = cart.products.length === 0 ? 0 : step;
  const sending = navigation.state === 'submitting';
  // The order is stored and the basket emptied, the router is still on its way (decision 1601).
  if (inPlace) return inPlace;
  return (
    <div className="checkout-layout">
      <header className="checkout-layout__header">
        <div className="checkout-layout__title">
          <h1>{t('Checkout')}</h1>
          <p className="checkout-layout__who">
            {auth.isSignedIn ? (
              <>{t('Signed in as {email}', { email: auth.email })}</>
            ) : (
              <>
                {t('Checking out as a guest')} · {/* Signing in comes back to this step. */}
                <Link to={signInReturningTo(shop, pathname + search)}>{t('Sign in')}</Link>
              </>
            )}
          </p>
        </div>
        <StepIndicator current={step} completed={completed} />
      </header>
      <div className="checkout-layout__content" aria-busy={navigation.state !== 'idle'}>
        {sending && (
          <p className="checkout-layout__sending" role="status">
            {t('Sending your order...')}
          </p>
        )}
        <Outlet />
      </div>
    </div>
  );
}
