// The shopper's side, through Medusa's JS SDK as a storefront calls it: a cart in the region,
// line items (a personalised one carries `_folio_design_id` in its metadata), an address, the
// shipping option, the system payment provider, and completing the cart into an order.
import Medusa from '@medusajs/js-sdk';

export function storefront(medusaUrl, publishableKey) {
  return new Medusa({ baseUrl: medusaUrl, publishableKey });
}

/** lines: [{variant_id, quantity, metadata?}] → the placed order. */
export async function placeOrder(sdk, seed, lines) {
  const { cart } = await sdk.store.cart.create({ region_id: seed.region_id, email: 'ada@example.com' });
  for (const line of lines) {
    await sdk.store.cart.createLineItem(cart.id, line);
  }
  const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country_code: 'de' };
  await sdk.store.cart.update(cart.id, { shipping_address: address, billing_address: address });
  const { shipping_options: options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
  const option = options.find((o) => o.id === seed.shipping_option_id);
  if (!option) throw new Error(`shipping option ${seed.shipping_option_id} not offered: ${JSON.stringify(options.map((o) => o.id))}`);
  const { cart: withShipping } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id });
  await sdk.store.payment.initiatePaymentSession(withShipping, { provider_id: 'pp_system_default' });
  const done = await sdk.store.cart.complete(cart.id);
  if (done.type !== 'order') throw new Error(`cart not completed: ${JSON.stringify(done)}`);
  return done.order;
}
