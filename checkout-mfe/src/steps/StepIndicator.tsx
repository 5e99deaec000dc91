import { Link } from 'react-router-dom';
import './step-indicator.css';
import { CHECKOUT_PATHS } from '../routes/ownPaths';
import { useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';

export const CHECKOUT_STEPS = [
  { label: 'Basket', to: CHECKOUT_PATHS.basket },
  { label: 'Details', to: CHECKOUT_PATHS.details },
  { label: 'Confirmation', to: null },
] as const;

/** A step's name in the page's language. */
function stepLabel(index: number, t: Translate): string {
  return index === 0 ? t('Basket') : index === 1 ? t('Details') : t('Confirmation');
}

/**
 * The checkout's steps; earlier steps are links back, the current one is marked for AT. A step
 * before the current one is "completed" only below `completed` (by default all of them): the
 * details step with an empty basket has not completed the basket step, though it links back.
 */
export function StepIndicator({
  current,
  completed = current,
}: {
  current: number;
  completed?: number;
}) {
  const t = useMessages(messages);
  return (
    <nav className="checkout-steps" aria-label={t('Checkout steps')}>
      <ol>
        {CHECKOUT_STEPS.map((step, index) => {
          const state =
            index === current ? 'current' : index < Math.min(completed, current) ? 'done' : 'todo';
          const content = (
            <>
              <span className="checkout-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="checkout-steps__label">{stepLabel(index, t)}</span>
              {state === 'done' && (
                <span className="shop-visually-hidden"> {t('(completed)')}</span>
              )}
            </>
          );
          return (
            <li
              key={step.label}
              className={`checkout-steps__step checkout-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {index < current && step.to ? (
                <Link to={step.to} className="checkout-steps__link">
                  {content}
                </Link>
              ) : (
                <span className="checkout-steps__link">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
