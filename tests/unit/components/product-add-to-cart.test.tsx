import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ProductCard from '../../../src/components/shop/ProductCard.tsx';
import ProductDetails from '../../../src/components/shop/ProductDetails.tsx';
import ProductGallery from '../../../src/components/shop/ProductGallery.tsx';
import { setupAddToCartButtons } from '../../../src/lib/browser/add-to-cart-buttons.ts';
import { setupCartCount } from '../../../src/lib/browser/cart-count.ts';
import { showStock } from '../../../src/lib/browser/product-stock.ts';
import { $cart, clearCart } from '../../../src/lib/stores/cart.ts';
import type { Product } from '../../../src/shared/types.ts';

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'lamp-1',
  slug: 'brass-lamp',
  name: 'Brass Lamp',
  description: 'Warm light.',
  price: 45,
  image: '/media/a.webp',
  images: ['/media/a.webp'],
  category: 'Lighting',
  tags: ['brass'],
  createdAt: '2026-06-01T00:00:00Z',
  views: 0,
  stock: 3,
  ...over,
});

let buttons: ReturnType<typeof setupAddToCartButtons>;
/** Clicks, then waits for the add (the cart code loads on the first click). */
const click = async (element: Element) => {
  fireEvent.click(element);
  await buttons.settled();
};
beforeAll(() => {
  // What the layout script does on every page: the cart code comes by URL there, by import here.
  buttons = setupAddToCartButtons(() => import('../../../src/lib/browser/shop-actions.ts'));
  setupCartCount();
});
beforeEach(() => {
  clearCart();
  document.body.innerHTML = '';
});

describe('a product card', () => {
  it('links its name to the product page and shows the price in the store currency', () => {
    render(<ProductCard product={product()} loading="lazy" currency="GBP" />);
    expect(screen.getByRole('link', { name: 'Brass Lamp' }).getAttribute('href')).toBe('/shop/brass-lamp');
    expect(screen.getByText('£45.00')).toBeTruthy();
  });

  it('adds one per click, up to the stock, and says so', async () => {
    // Static markup, as the shop's grid is: nothing of React listens to it.
    document.body.innerHTML = renderToStaticMarkup(
      <ProductCard product={product({ stock: 2 })} loading="lazy" currency="USD" />,
    );
    const button = screen.getByRole('button', { name: 'Add to cart' });
    await click(button);
    expect($cart.get()).toEqual([{ productId: 'lamp-1', quantity: 1 }]);
    expect(screen.getByRole('status').textContent).toBe('Added to your cart.');
    fireEvent.click(button);
    await click(button);
    expect($cart.get()).toEqual([{ productId: 'lamp-1', quantity: 2 }]);
    expect(screen.getByRole('status').textContent).toBe('All 2 available are in your cart.');
    expect(localStorage.getItem('cart')).toBe('[{"productId":"lamp-1","quantity":2}]');
  });

  it('offers nothing to add when out of stock', async () => {
    render(<ProductCard product={product({ stock: 0 })} loading="lazy" currency="USD" />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Out of stock' });
    expect(button.disabled).toBe(true);
    await click(button);
    expect($cart.get()).toEqual([]);
  });
});

describe('the product page', () => {
  const page = (over: Partial<Product> = {}) =>
    render(
      <ProductDetails
        product={product(over)}
        related={[
          product({
            _id: 'mug',
            slug: 'stone-mug',
            name: 'Stone Mug',
            price: 12,
            description: 'For tea.',
            category: 'Kitchen',
          }),
        ]}
        currency="EUR"
      />,
    );

  it('shows the name, price, stock state, description, category and related products', () => {
    page();
    expect(screen.getByRole('heading', { level: 1, name: 'Brass Lamp' })).toBeTruthy();
    expect(screen.getByText('€45.00')).toBeTruthy();
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText('Warm light.')).toBeTruthy();
    expect(screen.getByText('Lighting')).toBeTruthy();
    const related = screen.getByRole('region', { name: 'Related products' });
    expect(within(related).getByRole('link', { name: 'Stone Mug' }).getAttribute('href')).toBe('/shop/stone-mug');
  });

  it.each([
    [40, 'In stock'],
    [5, 'Only 5 left'],
    [0, 'Out of stock'],
  ])('with %s in stock reads %s', (stock, label) => {
    page({ stock });
    expect(document.querySelector('[data-stock-state]')?.textContent).toBe(label);
  });

  it('adds the chosen quantity, capped at the stock, and the header count follows', async () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<a href="/cart" data-cart-link aria-label="Cart"><span data-cart-count hidden></span></a>',
    );
    page();
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    // The page's own button comes first; the related cards' follow.
    const add = screen.getAllByRole('button', { name: 'Add to cart' })[0];
    assert(add, "the page's Add to cart button");
    await click(add);
    expect($cart.get()).toEqual([{ productId: 'lamp-1', quantity: 2 }]);
    const cartLink = document.querySelector('[data-cart-link]');
    assert(cartLink, 'the header cart link');
    expect(cartLink.getAttribute('aria-label')).toBe('Cart, 2 items');
    expect(cartLink.querySelector<HTMLElement>('[data-cart-count]')?.hidden).toBe(false);
    await click(add);
    expect($cart.get()).toEqual([{ productId: 'lamp-1', quantity: 3 }]);
    expect(cartLink.querySelector('[data-cart-count]')?.textContent).toBe('3');
    cartLink.remove();
  });

  it('shows the stock the API reports now, and adds no more than it', async () => {
    page({ stock: 40 });
    showStock(0);
    expect(document.querySelector('[data-stock-state]')?.textContent).toBe('Out of stock');
    const button = screen.getAllByRole('button', { name: 'Out of stock' })[0] as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const quantityLabel = document.getElementById('product-quantity')?.closest('label');
    assert(quantityLabel, 'the quantity field and its label');
    expect(quantityLabel.style.display).toBe('none');
    showStock(2);
    expect(quantityLabel.style.display).toBe('');
    expect(document.querySelector('[data-stock-state]')?.textContent).toBe('Only 2 left');
    expect(button.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '9' } });
    await click(button);
    expect($cart.get()).toEqual([{ productId: 'lamp-1', quantity: 2 }]);
  });

  it('has no quantity to choose when out of stock', () => {
    page({ stock: 0 });
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect((screen.getAllByRole('button', { name: 'Out of stock' })[0] as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the gallery', () => {
  it('is one picture when there is one', () => {
    render(<ProductGallery images={['/media/a.webp']} name="Brass Lamp" />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Brass Lamp' })).toBeTruthy();
  });

  it('gives each picture a thumbnail that is a labelled radio button, the first chosen', () => {
    render(<ProductGallery images={['/media/a.webp', '/media/b.webp', '/media/c.webp']} name="Brass Lamp" />);
    const group = screen.getByRole('group', { name: 'Pictures of Brass Lamp' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Picture 1 of 3',
      'Picture 2 of 3',
      'Picture 3 of 3',
    ]);
    expect(radios.map((r) => r.checked)).toEqual([true, false, false]);
    // Each radio is followed by its thumbnail (its label) and its large picture, which the CSS shows while it is checked.
    radios.forEach((radio, i) => {
      const label = radio.nextElementSibling as HTMLLabelElement;
      expect(label.htmlFor).toBe(radio.id);
      expect(label.nextElementSibling?.querySelector('img')?.getAttribute('alt')).toBe(
        `Brass Lamp, picture ${i + 1} of 3`,
      );
    });
    const secondThumbnail = radios[1]?.nextElementSibling;
    assert(secondThumbnail, 'the second thumbnail');
    fireEvent.click(secondThumbnail);
    expect(radios.map((r) => r.checked)).toEqual([false, true, false]);
  });
});
