import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bus } from '../bus/bus';
import { marketById, type Market } from '../markets/markets';
import { ShopContextProvider, pageShopContext } from '../routes/shopContext';
import { cartActions } from '../cart/cartStore';
import type { ProductLine } from '../types';
import { Button } from './Button';
import { Price } from './Price';
import { PricingSummary } from './PricingSummary';
import { OrderProgress } from './OrderProgress';
import { ProductListItem } from './ProductListItem';
import { QuantitySelector } from './QuantitySelector';
import { SelectField } from './SelectField';
import { Skeleton } from './Skeleton';
import { TextField } from './TextField';
import { sharedMessages } from '../messages';

// A page's texts are loaded before it renders (the shell does it, shared/CONTRACT.md §9b).
beforeAll(() => sharedMessages.load('de'));

const product: ProductLine = {
  id: 'p1',
  size: '42',
  quantity: 3,
  imageUrl: '/images/p1.webp',
  alt: 'White leather sneaker',
  annotation: 'New in',
  name: 'Court Classic',
  originalPrice: 120,
  discountedPrice: 89.99,
};

describe('ProductListItem (docs/product.md §2)', () => {
  it('outside the basket: link, image with alt and size, annotation, name, prices, x{quantity}', () => {
    render(
      <MemoryRouter>
        <ul>
          <ProductListItem product={product} href="/products/p1" />
        </ul>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/products/p1');
    const image = screen.getByRole('img', { name: 'White leather sneaker' });
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '120');
    expect(within(link).getByText('New in')).toBeInTheDocument();
    expect(within(link).getByText('Court Classic')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('$89.99')).toBeInTheDocument();
    expect(screen.getByText('x3')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('names the colour of a line: in its text, its image and its quantity label (decision 1503)', () => {
    cartActions.replaceCart({
      ...bus.cart$.getValue(),
      products: [{ id: 'p1', size: '42', colour: 'Moss', quantity: 3 }],
    });
    render(
      <MemoryRouter>
        <ul>
          <ProductListItem product={{ ...product, colour: 'Moss' }} href="/products/p1" editable />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByText('Colour: Moss')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'White leather sneaker, in Moss' })).toBeInTheDocument();
    fireEvent.change(
      screen.getByRole('combobox', { name: 'Quantity of Court Classic, size 42, Moss' }),
      { target: { value: '5' } },
    );
    expect(bus.cart$.getValue().products).toEqual([
      { id: 'p1', size: '42', colour: 'Moss', quantity: 5 },
    ]);
  });

  it("shows a line's colour by its name in the page's language, and changes the line by its colour", () => {
    cartActions.replaceCart({
      ...bus.cart$.getValue(),
      products: [{ id: 'p1', size: '42', colour: 'Moss', quantity: 3 }],
    });
    render(
      <MemoryRouter>
        <ul>
          <ProductListItem
            product={{ ...product, colour: 'Moss', colourLabel: 'Moosgrün' }}
            href="/products/p1"
            editable
          />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByText('Colour: Moosgrün')).toBeInTheDocument();
    expect(screen.queryByText(/Moss/)).not.toBeInTheDocument();
    fireEvent.change(
      screen.getByRole('combobox', { name: 'Quantity of Court Classic, size 42, Moosgrün' }),
      { target: { value: '4' } },
    );
    expect(bus.cart$.getValue().products).toEqual([
      { id: 'p1', size: '42', colour: 'Moss', quantity: 4 },
    ]);
  });

  it('in the basket: the quantity is an editable 1..10 select that updates the cart', () => {
    cartActions.replaceCart({
      ...bus.cart$.getValue(),
      products: [{ id: 'p1', size: '42', quantity: 3 }],
    });
    render(
      <MemoryRouter>
        <ul>
          <ProductListItem product={product} href="/products/p1" editable />
        </ul>
      </MemoryRouter>,
    );
    const select = screen.getByRole('combobox', { name: 'Quantity of Court Classic, size 42' });
    expect(select).toHaveValue('3');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.queryByText('x3')).not.toBeInTheDocument();
    fireEvent.change(select, { target: { value: '7' } });
    expect(bus.cart$.getValue().products).toEqual([{ id: 'p1', size: '42', quantity: 7 }]);
    cartActions.reset();
  });

  it('calls a custom quantity handler with the line key', () => {
    const onQuantityChange = jest.fn();
    render(
      <MemoryRouter>
        <ProductListItem
          as="div"
          product={product}
          href="/products/p1"
          editable
          onQuantityChange={onQuantityChange}
        />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '5' } });
    expect(onQuantityChange).toHaveBeenCalledWith('p1_42', 5);
  });
});

describe('base parts', () => {
  it('Price strikes the original through only when discounted', () => {
    const { rerender, container } = render(<Price original={50} discounted={40} />);
    expect(container.querySelector('s')).toHaveTextContent('$50.00');
    expect(screen.getByText('$40.00')).toBeInTheDocument();
    rerender(<Price original={50} discounted={50} />);
    expect(container.querySelector('s')).toBeNull();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
  });

  it("Price writes the page's market's currency as its shoppers read it", () => {
    const inMarket = (id: string) => ({ ...pageShopContext, market: marketById(id) as Market });
    const { container, rerender } = render(
      <ShopContextProvider value={inMarket('de')}>
        <Price original={128.95} discounted={109.61} />
      </ShopContextProvider>,
    );
    expect(container.querySelector('s')).toHaveTextContent(/128,95\s€/);
    expect(container.querySelector('.shop-price__current')).toHaveTextContent(/109,61\s€/);
    rerender(
      <ShopContextProvider value={inMarket('uk')}>
        <Price original={111.99} />
      </ShopContextProvider>,
    );
    expect(container.querySelector('.shop-price__current')).toHaveTextContent('£111.99');
  });

  it('PricingSummary writes its amounts in the currency it is given, US dollars unless told', () => {
    const summary = { productsTotal: 128.95, discountAmount: 0, shipment: 4.95, total: 133.9 };
    const discount = { isDiscount: false, discountType: null, discountCode: '' };
    const { rerender } = render(<PricingSummary summary={summary} discount={discount} />);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$133.90');
    rerender(
      <PricingSummary summary={summary} discount={discount} market={marketById('de') as Market} />,
    );
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/133,90\s€/);
    expect(screen.getByTestId('summary-shipment')).toHaveTextContent(/4,95\s€/);
  });

  it('QuantitySelector is a labelled select of 0..10', () => {
    const onChange = jest.fn();
    render(<QuantitySelector value={2} onChange={onChange} />);
    const select = screen.getByLabelText('Quantity');
    expect(select.querySelectorAll('option')).toHaveLength(11);
    fireEvent.change(select, { target: { value: '10' } });
    expect(onChange).toHaveBeenCalledWith(10);
  });

  it('QuantitySelector from a minimum: min..10, and a value below it shows the minimum', () => {
    render(<QuantitySelector value={0} min={1} onChange={() => undefined} />);
    const select = screen.getByLabelText('Quantity');
    expect(select.querySelectorAll('option')).toHaveLength(10);
    expect(select).toHaveValue('1');
  });

  it('TextField takes label, placeholder and type from the field metadata', () => {
    render(
      <>
        <TextField name="zipCode" value="" onChange={() => undefined} />
        <TextField name="password" value="" onChange={() => undefined} error="Too short" />
      </>,
    );
    const zip = screen.getByLabelText('ZIP Code');
    expect(zip).toHaveAttribute('type', 'text');
    expect(zip).toHaveAttribute('inputmode', 'numeric');
    expect(zip).toHaveAttribute('placeholder', 'Enter ZIP code...');
    expect(zip).not.toHaveAttribute('aria-invalid');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Too short');
  });

  it('SelectField renders a placeholder choice and the options', () => {
    render(
      <SelectField
        name="country"
        options={['Poland', { value: 'US', label: 'United States' }]}
        placeholder="Select a country..."
        value=""
        onChange={() => undefined}
      />,
    );
    const select = screen.getByLabelText('Country');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a country...', 'Poland', 'United States']);
  });

  it('Button shows Submiting... and is disabled while busy', () => {
    const { rerender } = render(<Button>Sign up</Button>);
    expect(screen.getByRole('button', { name: 'Sign up' })).toHaveAttribute('type', 'button');
    rerender(<Button busy>Sign up</Button>);
    expect(screen.getByRole('button', { name: 'Submiting...' })).toBeDisabled();
  });

  it('Skeleton is hidden from assistive tech unless labelled', () => {
    const { container, rerender } = render(<Skeleton width={120} height={16} />);
    expect(container.querySelector('.shop-skeleton')).toHaveAttribute('aria-hidden', 'true');
    rerender(<Skeleton lines={3} label="Loading credentials..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading credentials...');
    expect(container.querySelectorAll('.shop-skeleton')).toHaveLength(3);
  });
});

describe('OrderProgress (decision 5201)', () => {
  const placedAt = Date.UTC(2026, 11, 1, 9, 30);
  const day = 24 * 60 * 60 * 1000;

  it('lists placed, then each move with its date, the latest marked as the current step', () => {
    render(
      <OrderProgress
        placedAt={placedAt}
        history={[
          { at: placedAt + day, to: 'paid' },
          { at: placedAt + 2 * day, to: 'shipped', carrier: 'DHL', tracking: 'JD0146 1' },
        ]}
      />,
    );
    const progress = screen.getByRole('region', { name: 'Order progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Placed Dec 1, 2026/),
      expect.stringMatching(/^Paid Dec 2, 2026/),
      expect.stringMatching(/^Shipped Dec 3, 2026.*DHL, tracking number JD0146 1$/),
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step']);
    expect(within(steps[0] as HTMLElement).getByText(/Dec 1, 2026/)).toHaveAttribute(
      'dateTime',
      new Date(placedAt).toISOString(),
    );
  });

  it('with no move yet, placed is the current step; the heading takes the level asked', () => {
    render(<OrderProgress placedAt={placedAt} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Order progress' })).toBeInTheDocument();
    const [only] = screen.getAllByRole('listitem');
    expect(only).toHaveAttribute('aria-current', 'step');
    expect(only).toHaveTextContent(/^Placed/);
  });
});
