// Exposed as `./details`: /checkout/details (docs/product.md §2).
import { useLoaderData } from 'react-router-dom';
import { DetailsForm, type DetailsFormProps } from '../details/DetailsForm';
import { detailsLoader } from '../details/detailsRoute';

export const handle = { title: 'Your details' };
export const loader = detailsLoader;

export function Component() {
  const { initial, addressBook } = useLoaderData() as DetailsFormProps;
  return <DetailsForm initial={initial} addressBook={addressBook ?? null} />;
}
