import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { assert, beforeEach, describe, expect, it, vi } from 'vitest';
import CartView from '../../../src/components/shop/CartView.tsx';
import { quoteCart } from '../../../src/lib/api/checkout.ts';
import { $cart, addToCart, clearCart } from '../../../src/lib/stores/cart.ts';
import { priceOrder, type CartLine } from '../../../src/shared/commerce.ts';
import type { Quote } from '../../../src/shared/orders-customer.ts';

vi.mock('../../../src/lib/api/checkout.ts', () => ({ quoteCart: vi.fn() }));

const CATALOGUE: Record<
  string,
  { slug: string; name: string; unitPriceCents: number; stock: number; published?: boolean }
> = {
  lamp: { slug: 'brass-lamp', name: 'Brass Lamp', unitPriceCents: 4500, stock: 3 },
  mug: { slug: 'stone-mug', name: 'Stone Mug', unitPriceCents: 1250, stock: 40 },
  gone: { slug: '', name: 'Old Chair', unitPriceCents: 9900, stock: 0, published: false },
};

/** What the server would answer: prices from its rows, quantities capped by stock, named in problems. */
function serverQuote(lines: readonly CartLine[]): Quote {
  const problems: string[] = [];
  const priced = lines.map((line) => {
    const row = CATALOGUE[line.productId];
    assert(row, `${line.productId} is in the catalogue`);
    const available = row.published !== false && row.stock > 0;
    const quantity = available ? Math.min(line.quantity, row.stock) : 0;
    if (available && quantity < line.quantity) problems.push(`Only ${row.stock} of ${row.name} left`);
    return {
      productId: line.productId,
      slug: row.slug,
      name: row.name,
      image: '',
      unitPriceCents: row.unitPriceCents,
      quantity,
      lineTotalCents: quantity * row.unitPriceCents,
      stock: row.stock,
      available,
    };
  });
  const settings = { taxRateBp: 2000, taxInclusive: false, shippingCents: 500 };
  return {
    currency: 'EUR',
    taxRateBp: 2000,
    taxInclusive: false,
    lines: priced,
    problems,
    ...priceOrder(
      priced.filter((l) => l.available),
      settings,
    ),
  };
}

const line = (productId: string) => {
  const product = CATALOGUE[productId];
  assert(product, `${productId} is in the catalogue`);
  const item = screen.getByText(product.name).closest('li');
  assert(item, `${product.name} is a line of the cart`);
  return item;
};

beforeEach(() => {
  clearCart();
  vi.mocked(quoteCart)
    .mockReset()
    .mockImplementation((lines) => Promise.resolve(serverQuote(lines)));
});

describe('the cart page', () => {
  it('says the cart is empty and leads to the shop', () => {
    render(<CartView />);
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/shop');
    expect(quoteCart).not.toHaveBeenCalled();
  });

  it('lists each line with the price the server quotes, and the totals it would charge', async () => {
    addToCart('lamp', 2, 3);
    addToCart('mug', 1, 40);
    render(<CartView />);
    await screen.findByText('Brass Lamp');
    // Only ids and quantities go to the server.
    expect(quoteCart).toHaveBeenLastCalledWith([
      { productId: 'lamp', quantity: 2 },
      { productId: 'mug', quantity: 1 },
    ]);
    expect(within(line('lamp')).getByText('€45.00 each')).toBeTruthy();
    expect(within(line('lamp')).getByLabelText('Line total for Brass Lamp').textContent).toBe('€90.00');
    expect(within(line('lamp')).getByRole('link', { name: 'Brass Lamp' }).getAttribute('href')).toBe(
      '/shop/brass-lamp',
    );
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    // 90 + 12.50 = 102.50; tax 20 % = 20.50; shipping 5.00.
    expect(within(summary).getByText('€102.50')).toBeTruthy();
    expect(summary.querySelector('[data-tax]')?.textContent).toBe('€20.50');
    expect(summary.querySelector('[data-total]')?.textContent).toBe('€128.00');
    expect(within(summary).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('steps a quantity up to the stock and no further, and down to one', async () => {
    addToCart('lamp', 1, 3);
    render(<CartView />);
    const more = await screen.findByRole('button', { name: 'One more Brass Lamp' });
    await waitFor(() => expect((more as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(more);
    fireEvent.click(more);
    expect($cart.get()).toEqual([{ productId: 'lamp', quantity: 3 }]);
    await waitFor(() => expect(screen.getByLabelText('Line total for Brass Lamp').textContent).toBe('€135.00'));
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(more);
    expect($cart.get()).toEqual([{ productId: 'lamp', quantity: 3 }]);
    // Typed beyond the stock, the quantity stops at it.
    fireEvent.change(screen.getByLabelText('Quantity of Brass Lamp'), { target: { value: '12' } });
    expect($cart.get()).toEqual([{ productId: 'lamp', quantity: 3 }]);
    const less = screen.getByRole('button', { name: 'One less Brass Lamp' });
    fireEvent.click(less);
    fireEvent.click(less);
    expect($cart.get()).toEqual([{ productId: 'lamp', quantity: 1 }]);
    expect((less as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows what the server could not give, a line no longer sold, and removes lines', async () => {
    // Stored before the stock fell and the chair was withdrawn.
    $cart.set([
      { productId: 'lamp', quantity: 5 },
      { productId: 'gone', quantity: 1 },
      { productId: 'mug', quantity: 1 },
    ]);
    render(<CartView />);
    expect(await screen.findByText('Only 3 of Brass Lamp left')).toBeTruthy();
    expect(within(line('lamp')).getByText('Only 3 left')).toBeTruthy();
    expect(within(line('gone')).getByText('No longer available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Old Chair' }));
    expect($cart.get().map((l) => l.productId)).toEqual(['lamp', 'mug']);
    await waitFor(() => expect(screen.queryByText('Old Chair')).toBeNull());
  });

  it('empties the cart with Clear cart, in storage too', async () => {
    addToCart('mug', 2, 40);
    render(<CartView />);
    await screen.findByText('Stone Mug');
    fireEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('follows a change made in another tab', async () => {
    addToCart('mug', 1, 40);
    render(<CartView />);
    await screen.findByText('Stone Mug');
    const other = JSON.stringify([
      { productId: 'mug', quantity: 1 },
      { productId: 'lamp', quantity: 2 },
    ]);
    localStorage.setItem('cart', other);
    await act(() =>
      Promise.resolve(window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: other }))),
    );
    expect(await screen.findByText('Brass Lamp')).toBeTruthy();
  });

  it('offers to try again when the prices cannot be loaded', async () => {
    vi.mocked(quoteCart).mockRejectedValueOnce(new Error('offline'));
    addToCart('mug', 1, 40);
    render(<CartView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Stone Mug')).toBeTruthy();
  });
});
