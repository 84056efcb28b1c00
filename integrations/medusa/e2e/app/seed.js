// Run with `medusa exec ./seed.js` on a freshly migrated database: what a merchant's shop has
// before Folio is connected (a region, a sales channel with a publishable key, a stock location
// that ships through the manual fulfilment provider, one product with one priced variant) and
// the secret API key Folio will use. Writes the ids and keys to $SEED_OUT as JSON.
const fs = require('node:fs');
const {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} = require('@medusajs/medusa/core-flows');
const { ContainerRegistrationKeys, Modules, ProductStatus } = require('@medusajs/framework/utils');

exports.default = async function seed({ container }) {
  const link = container.resolve(ContainerRegistrationKeys.LINK);
  const fulfillment = container.resolve(Modules.FULFILLMENT);
  const salesChannels = container.resolve(Modules.SALES_CHANNEL);
  const stores = container.resolve(Modules.STORE);

  let [channel] = await salesChannels.listSalesChannels({ name: 'Default Sales Channel' });
  if (!channel) {
    const { result } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: 'Default Sales Channel' }] } });
    channel = result[0];
  }
  const [store] = await stores.listStores();
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: { supported_currencies: [{ currency_code: 'eur', is_default: true }], default_sales_channel_id: channel.id },
    },
  });

  const { result: regions } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: 'Europe', currency_code: 'eur', countries: ['de', 'fr'], payment_providers: ['pp_system_default'] }] },
  });
  const region = regions[0];

  let [profile] = await fulfillment.listShippingProfiles({ type: 'default' });
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: 'Default', type: 'default' }] } });
    profile = result[0];
  }

  const { result: locations } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: 'Print shop', address: { city: 'Berlin', country_code: 'DE', address_1: 'Druckerstr. 1' } }] },
  });
  const location = locations[0];
  await link.create({ [Modules.STOCK_LOCATION]: { stock_location_id: location.id }, [Modules.FULFILLMENT]: { fulfillment_provider_id: 'manual_manual' } });

  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: 'Print shop delivery',
    type: 'shipping',
    service_zones: [{ name: 'Europe', geo_zones: [{ country_code: 'de', type: 'country' }, { country_code: 'fr', type: 'country' }] }],
  });
  await link.create({ [Modules.STOCK_LOCATION]: { stock_location_id: location.id }, [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id } });

  const { result: options } = await createShippingOptionsWorkflow(container).run({
    input: [{
      name: 'Standard Shipping',
      price_type: 'flat',
      provider_id: 'manual_manual',
      service_zone_id: fulfillmentSet.service_zones[0].id,
      shipping_profile_id: profile.id,
      type: { label: 'Standard', description: 'Ships in 2-3 days.', code: 'standard' },
      prices: [{ currency_code: 'eur', amount: 5 }, { region_id: region.id, amount: 5 }],
      rules: [
        { attribute: 'enabled_in_store', value: 'true', operator: 'eq' },
        { attribute: 'is_return', value: 'false', operator: 'eq' },
      ],
    }],
  });

  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } });

  const { result: keys } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Storefront', type: 'publishable', created_by: '' }, { title: 'Folio', type: 'secret', created_by: '' }] },
  });
  const publishable = keys.find((k) => k.type === 'publishable');
  const secret = keys.find((k) => k.type === 'secret');
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: publishable.id, add: [channel.id] } });

  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [{
        title: 'Business cards',
        handle: 'business-cards',
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: profile.id,
        options: [{ title: 'Pack', values: ['250'] }],
        variants: [{ title: '250 cards', sku: 'CARDS-250', options: { Pack: '250' }, manage_inventory: false, prices: [{ amount: 29, currency_code: 'eur' }] }],
        sales_channels: [{ id: channel.id }],
      }, {
        title: 'Gift wrap',
        handle: 'gift-wrap',
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: profile.id,
        options: [{ title: 'Kind', values: ['Plain'] }],
        variants: [{ title: 'Plain', sku: 'WRAP', options: { Kind: 'Plain' }, manage_inventory: false, prices: [{ amount: 3, currency_code: 'eur' }] }],
        sales_channels: [{ id: channel.id }],
      }],
    },
  });

  const out = {
    region_id: region.id,
    sales_channel_id: channel.id,
    shipping_option_id: options[0].id,
    stock_location_id: location.id,
    publishable_key: publishable.token,
    secret_key: secret.token,
    product_id: products[0].id,
    variant_id: products[0].variants[0].id,
    plain_variant_id: products[1].variants[0].id,
  };
  fs.writeFileSync(process.env.SEED_OUT, JSON.stringify(out, null, 2));
};
