export function Contact() {
  return (
    <article className="static-page">
      <h1>Contact us</h1>
      <p className="lead">Questions about an order, a size or a repair? We answer within a day.</p>
      <dl className="contact-list">
        <div>
          <dt>Email</dt>
          <dd>
            <a href="mailto:hello@threadline.example">hello@threadline.example</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href="tel:+15550100200">+1 555 0100 200</a> (Mon–Fri, 9:00–17:00)
          </dd>
        </div>
        <div>
          <dt>Store</dt>
          <dd>
            <address>12 Mill Street, Portland, OR 97201, United States</address>
          </dd>
        </div>
      </dl>
    </article>
  );
}
