import { useMessages } from '@shop/shared';
import { messages } from '../messages';

export function Contact() {
  const t = useMessages(messages);
  return (
    <article className="static-page">
      <h1>{t('Contact us')}</h1>
      <p className="lead">
        {t('Questions about an order, a size or a repair? We answer within a day.')}
      </p>
      <dl className="contact-list">
        <div>
          <dt>{t('Email')}</dt>
          <dd>
            <a href="mailto:hello@threadline.example">hello@threadline.example</a>
          </dd>
        </div>
        <div>
          <dt>{t('Phone')}</dt>
          <dd>
            <a href="tel:+15550100200">+1 555 0100 200</a> {t('(Mon–Fri, 9:00–17:00)')}
          </dd>
        </div>
        <div>
          <dt>{t('Store')}</dt>
          <dd>
            <address>12 Mill Street, Portland, OR 97201, United States</address>
          </dd>
        </div>
      </dl>
    </article>
  );
}
