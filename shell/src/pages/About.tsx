import { useMessages } from '@shop/shared';
import { messages } from '../messages';

export function About() {
  const t = useMessages(messages);
  return (
    <article className="static-page">
      <h1>{t('About Threadline')}</h1>
      <p className="lead">
        {t(
          'Threadline is a small shop for everyday clothing and sneakers, made to last longer than a season.',
        )}
      </p>
      <p>
        {t(
          'We release two collections a year, fall and spring, for men and women. Every piece is chosen for how it wears after the hundredth time, not the first: honest materials, clean cuts and soles that can be resoled.',
        )}
      </p>
      <h2>{t('How we work')}</h2>
      <ul>
        <li>{t('Free returns within 30 days, in store or by post.')}</li>
        <li>{t('Repairs for the lifetime of a garment at cost price.')}</li>
        <li>{t('Orders ship from our warehouse within two working days.')}</li>
      </ul>
    </article>
  );
}
