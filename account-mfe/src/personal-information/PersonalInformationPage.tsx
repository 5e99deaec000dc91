// The Personal information screen (docs/product.md §2): the editable list of address, city, country,
// email, name, tel and zipCode; an empty value shows 'Yet to be filled!'.
import { MESSAGES, useMessages } from '@shop/shared';
import { messages } from '../messages';
import { getFieldMeta } from '@shop/shared/forms';
import type { PersonalInformation } from '@shop/shared';
import { Suspense } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import { PERSONAL_INFORMATION_FIELDS, type Loaded } from '../data/accountRecords';
import { EditableField } from '../fields/EditableField';
import { LoadFailed } from '../layout/LoadFailed';

export function PersonalInformationPage() {
  const t = useMessages(messages);
  const data = useLoaderData() as { personalInformation: Promise<Loaded<PersonalInformation>> };
  return (
    <section className="account-page" aria-labelledby="account-personal-heading">
      <h1 id="account-personal-heading" className="account-page__title">
        {t('Personal information')}
      </h1>
      <p className="account-page__intro">
        {t('These details fill in the checkout form for you. They are saved one at a time.')}
      </p>
      <Suspense fallback={<p role="status">{MESSAGES.loadingPersonalInformation}</p>}>
        <Await resolve={data.personalInformation}>
          {(info: Loaded<PersonalInformation>) =>
            info.ok ? (
              <PersonalInformationList information={info.value} />
            ) : (
              <LoadFailed error={info.error} />
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

export function PersonalInformationList({ information }: { information: PersonalInformation }) {
  return (
    <dl className="account-fields">
      {PERSONAL_INFORMATION_FIELDS.map((field) => {
        const value = information[field];
        return (
          <EditableField
            key={field}
            name={field}
            label={getFieldMeta(field).label}
            value={value}
            asCountrySelect={field === 'country'}
            display={
              value === '' ? (
                <span className="account-field__empty">{MESSAGES.yetToBeFilled}</span>
              ) : (
                value
              )
            }
          />
        );
      })}
    </dl>
  );
}
