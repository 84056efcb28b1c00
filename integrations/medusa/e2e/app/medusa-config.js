// The Medusa application the e2e test runs: a plain Medusa v2 server with the Folio plugin
// registered from this folder's parent package (../..), as a merchant registers it from npm.
const path = require('node:path');
const { loadEnv, defineConfig } = require('@medusajs/framework/utils');

loadEnv(process.env.NODE_ENV || 'development', process.cwd());

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || 'http://localhost:8000',
      adminCors: process.env.ADMIN_CORS || 'http://localhost:9000',
      authCors: process.env.AUTH_CORS || 'http://localhost:9000',
      jwtSecret: process.env.JWT_SECRET || 'e2e-jwt-secret',
      cookieSecret: process.env.COOKIE_SECRET || 'e2e-cookie-secret',
    },
  },
  admin: { disable: true },
  plugins: [
    {
      resolve: path.resolve(__dirname, '..', '..'),
      options: {
        folioUrl: process.env.FOLIO_URL,
        integrationId: process.env.FOLIO_INTEGRATION_ID,
        webhookSecret: process.env.FOLIO_WEBHOOK_SECRET,
        retryDelayMs: 500,
      },
    },
  ],
});
