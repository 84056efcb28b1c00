/**
 * Generated from Folio's OpenAPI document (GET /v1/openapi.json) by `npm run sdk:generate`.
 * Do not edit: CI fails when this file and the document drift apart.
 */

export interface paths {
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description Credentials: J.
         */
        get: operations["getAccount"];
        /**
         * Update name or email
         * @description Credentials: J.
         */
        put: operations["updateAccount"];
        /** Sign up */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every key of the account: account keys and the keys of all its stores (metadata only)
         * @description Credentials: K, J; scope `keys:read`.
         */
        get: operations["listAccountApiKeys"];
        put?: never;
        /**
         * Create an account key (sk_acc_live_), which reaches every store of the account
         * @description Needs the Advanced plan or above on at least one store of the account (402 otherwise). The secret is in `key`, this once.
         *
         *     Credentials: K, J; scope `keys:write`.
         */
        post: operations["createAccountApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key of the account, at once; the record is kept
         * @description Credentials: K, J; scope `keys:write`.
         */
        delete: operations["deleteAccountApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys/{key}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A key's audit trail, newest first
         * @description Credentials: K, J; scope `keys:read`.
         */
        get: operations["listAccountApiKeyEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys/{key}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a key of the account: a new key is issued; the old one works until grace_until
         * @description Credentials: K, J; scope `keys:write`.
         */
        post: operations["rotateAccountApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Plan entitlement of the calling store, with the tier matrix and upgrade links
         * @description Credentials: K, B, JS, J.
         */
        get: operations["getCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/password-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the password; every earlier JWT stops working, a new one is returned
         * @description Credentials: J.
         */
        put: operations["updatePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/render-jwt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A JWT for the store owner's account, called with the store key
         * @description Credentials: B.
         */
        get: operations["getRenderJwt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/signIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in; returns an account JWT */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's token balance
         * @description Credentials: J, K; scope `account:read`.
         */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/wallet/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The wallet ledger: charges, refunds and credits, newest first
         * @description Credentials: J, K; scope `account:read`.
         */
        get: operations["listWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's clipart categories
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listClipartStorages"];
        put?: never;
        /**
         * Create a clipart category
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createClipartStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a clipart category (its cliparts stay)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteClipartStorage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}/cliparts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's cliparts in a category
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listClipartStorageCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}/cliparts-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default cliparts in a category
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listClipartStorageDefaultCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}/cliparts-default/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of default cliparts in a category
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countClipartStorageDefaultCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}/cliparts/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of the store's cliparts in a category
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countClipartStorageCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}/storages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's categories of a clipart
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listClipartCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/{id}/storages-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default categories of a clipart
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listClipartDefaultCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart-storages/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default clipart categories
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listDefaultClipartStorages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clipart/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload up to 20 cliparts (parts named files[])
         * @description Credentials: B, JS, K; scope `assets:write`.
         */
        post: operations["batchCreateCliparts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's cliparts (Image records)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listCliparts"];
        put?: never;
        /**
         * Upload a clipart (raster or sanitised SVG); counts against clipart_storage_bytes
         * @description Credentials: B, JS, K; scope `assets:write`.
         */
        post: operations["createClipart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts/{clipart}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A clipart (the store’s or a default one)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getClipart"];
        /**
         * Set a clipart's categories (storages) or name; invalid data is 422
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateClipart"];
        post?: never;
        /**
         * Delete a clipart
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteClipart"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of the store's cliparts
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["countCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service-curated cliparts (Image records)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listDefaultCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts/default/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of default cliparts
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["countDefaultCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts/global": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Global Clipart records (numeric ids)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listGlobalCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cliparts/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's Clipart records (numeric ids)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listMyCliparts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List designs
         * @description Credentials: B, JS, K; scope `designs:read`.
         */
        get: operations["listDesigns"];
        put?: never;
        /**
         * Create a design
         * @description Credentials: U, B, JS, K; scope `designs:write`.
         */
        post: operations["createDesign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A design
         * @description Credentials: U, B, JS, K; scope `designs:read | designs:write`.
         */
        get: operations["getDesign"];
        /**
         * Update a design
         * @description Credentials: U, B, JS, K; scope `designs:write`.
         */
        put: operations["updateDesign"];
        post?: never;
        /**
         * Delete a design
         * @description Credentials: B, JS, K; scope `designs:write`.
         */
        delete: operations["deleteDesign"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/{id}/fonts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fonts a design's text layers use (store fonts, else default ones)
         * @description Credentials: U, B, JS, K; scope `designs:read | designs:write`.
         */
        get: operations["listDesignFonts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a design's print-ready PDF
         * @description Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). One page per design: MediaBox = trim + bleed (+ slug with crop marks), TrimBox and BleedBox set, fonts embedded, images at native resolution. `pdf_standard` asks for PDF/X-4 or PDF/X-1a (CMYK through `output_profile`). Text in a character no font has (not the layer's font, not a shipped script fallback) fails the job, naming page, layer and characters, unless `allow_missing_glyphs` is true. Free of tokens.
         *
         *     Credentials: U, B, JS, K; scope `files:render | designs:write`.
         */
        post: operations["createDesignPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/{id}/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flat proof image of a design's side, with trim, bleed and safe-zone lines and a watermark on request
         * @description Rendered by the print engine. With the `bleed` line the image shows the bleed area; otherwise the trim box. Answers at once; the link is valid 24 hours.
         *
         *     Credentials: U, B, JS, K; scope `files:render | designs:write`.
         */
        post: operations["createDesignProof"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update up to 100 designs (all or nothing)
         * @description Credentials: U, B, JS, K; scope `designs:write`.
         */
        put: operations["batchUpdateDesigns"];
        /**
         * Create up to 100 designs (all or nothing)
         * @description Credentials: U, B, JS, K; scope `designs:write`.
         */
        post: operations["batchCreateDesigns"];
        /**
         * Delete up to 100 designs (all or nothing)
         * @description Credentials: B, JS, K; scope `designs:write`.
         */
        delete: operations["batchDeleteDesigns"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of designs
         * @description Credentials: B, JS, K; scope `designs:read`.
         */
        get: operations["countDesigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/designs/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Images uploaded for designs (type `designs`)
         * @description Credentials: U, B, JS, K; scope `designs:read | designs:write`.
         */
        get: operations["listDesignImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a file through a signed link (valid 24 hours) */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's fonts
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listFonts"];
        put?: never;
        /**
         * Register a font by URL (fetched through the safe fetcher, checked like an upload)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createFont"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A font (the store’s or a default one)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getFont"];
        /**
         * Rename a font (name, alias, subset)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateFont"];
        post?: never;
        /**
         * Delete a font
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteFont"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of the store's fonts
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countFonts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default fonts (one record per face; OFL-1.1)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listDefaultFonts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/default/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of default font faces
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countDefaultFonts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a font file (TTF, OTF, WOFF; WOFF2 with CFF outlines), checked whole (tables, glyphs, a subset) before it is stored
         * @description Credentials: B, JS, K; scope `assets:write`.
         */
        post: operations["uploadFont"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gang-sheets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Nest designs with quantities onto a roll or onto sheets (DTF gang sheets)
         * @description Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). Give `roll` (a width; the file is as long as the nesting needs, cut into pieces of at most `max_length`) or `sheet`. Each design prints at its trim size; copies are nested as rectangles with `spacing` between them, turned 90° when `rotate` allows. The finished job reports `length_used` and `utilisation`. A design larger than the roll or sheet is a 422. Free of tokens.
         *
         *     Credentials: B, JS, K; scope `files:render`.
         */
        post: operations["createGangSheet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's images
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listImages"];
        put?: never;
        /**
         * Upload an image (JPEG, PNG, WebP, TIFF, GIF, SVG sanitised, PDF); thumbnails small, medium and custom
         * @description Credentials: U, B, JS, K; scope `assets:write`.
         */
        post: operations["createImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An image
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getImage"];
        put?: never;
        post?: never;
        /**
         * Delete an image and its files
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteImage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload up to 20 images (parts named files[])
         * @description Credentials: U, B, JS, K; scope `assets:write`.
         */
        post: operations["batchCreateImages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of the store's images
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/impositions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Impose a PDF job, designs or a project onto press sheets (n-up, two-sided, booklets)
         * @description Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). Give exactly one source: `pdf_job_id` (a completed print-ready PDF job of this store), `design_ids` or `project_id` (rendered through the print path). Each source page is embedded once as a vector form and drawn wherever it lands; fonts stay embedded. A sheet too small for the layout, pages of different trim sizes, a failed PDF job, or a limit passed is a 422 naming it (items at least 5 × 5 mm, at most 5,000 slots a sheet, 100,000 slots and 5,000 sheets an imposition: checked before the job exists); a PDF job still running is a 409. Give `booklet` for saddle-stitched or perfect-bound booklets (one spread per sheet side). Free of tokens.
         *
         *     Credentials: B, JS, K; scope `files:render`.
         */
        post: operations["createImposition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job: its status and, when completed, its result (a print-ready PDF: `pdf_url`, valid 24 hours, and warnings; a merge: `progress`, then `pdf_url` or `zip_url` and its `report`)
         * @description Credentials: U, B, JS, K, J; scope `files:render | designs:read | designs:write | projects:read | projects:write`.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merge-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a data set into a design: a page per record (and side), or a PDF per record
         * @description Fills the design's field layers (`field: {name, type}` on a layer: text, image, qr, barcode) from each record. The data set is JSON `records`, `csv` text, or a multipart `file` part (CSV, UTF-8 with or without BOM, `,` or `;`), up to 10,000 records of at most 200 columns, a cell at most 10,000 characters (JSON or CSV; a CSV past a limit is a 422 naming it); `mapping` names the column of a field when they differ; `numbering` numbers the records (`{{n}}`), or prints `count` numbered copies without a data set. Answers 202 with a job: poll `GET /jobs/{id}` for `progress`, then download `pdf_url` (or `zip_url`) and read the per-record `report`. Text (from the design or a record) with a character no font has fails the job unless `allow_missing_glyphs` is true. Free of tokens.
         *
         *     Credentials: B, JS, K; scope `files:render`.
         */
        post: operations["createMergeJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mockup-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's mockup templates
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listMockupTemplates"];
        put?: never;
        /**
         * Upload a mockup template: the photo, optional shading, highlight, mask and displacement layers, and its spec (JSON)
         * @description Layers are PNG, JPEG or WebP, at most 4000 px a side, with the photo’s aspect ratio (they are stretched to it). See docs/mockups.md for the spec.
         *
         *     Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createMockupTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mockup-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A mockup template (the store’s or a default one)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getMockupTemplate"];
        /**
         * Update a mockup template's name, description or geometry (the layers stay)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateMockupTemplate"];
        post?: never;
        /**
         * Delete a mockup template and its layers
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteMockupTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mockup-templates/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The curated mockup templates (business card, poster, mug, T-shirt)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listDefaultMockupTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mockups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show a design (or each design of a project) on mockup templates
         * @description One design on one template up to 1,000 px wide answers 200 with the image link at once; wider, several templates or a project answer 202 with a job: poll `GET /jobs/{id}` until `status` is `completed`, then read `mockups`. The design is rendered by the print engine (the PDF’s fonts, shaping and colours). Links are valid 24 hours. Free of tokens.
         *
         *     Credentials: U, B, JS, K; scope `files:render | designs:write`.
         */
        post: operations["createMockup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getProduct"];
        /**
         * Update a product
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateProduct"];
        post?: never;
        /**
         * Delete a product (designs that reference it keep their snapshot)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}/designs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Designs made on a product's sides
         * @description Credentials: B, JS, K; scope `designs:read`.
         */
        get: operations["listProductDesigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}/designs/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of designs made on a product's sides
         * @description Credentials: B, JS, K; scope `designs:read`.
         */
        get: operations["countProductDesigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}/sides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product's print sides
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listProductSides"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}/sides/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of a product's sides
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countProductSides"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update up to 100 products (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["batchUpdateProducts"];
        /**
         * Create up to 100 products (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["batchCreateProducts"];
        /**
         * Delete up to 100 products (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["batchDeleteProducts"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of products
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects
         * @description The same operation as `GET /v1/projects` (operationId `listProjects`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["listProjectsViaAlias"];
        put?: never;
        /**
         * Alias of POST /v1/projects
         * @description The same operation as `POST /v1/projects` (operationId `createProject`), served under a second name; prefer that one.
         *
         *     Credentials: U, B, JS, K; scope `projects:write`.
         */
        post: operations["createProjectViaAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects/{id}
         * @description The same operation as `GET /v1/projects/{id}` (operationId `getProject`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["getProjectViaAlias"];
        /**
         * Alias of PUT /v1/projects/{id}
         * @description The same operation as `PUT /v1/projects/{id}` (operationId `updateProject`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:write`.
         */
        put: operations["updateProjectViaAlias"];
        post?: never;
        /**
         * Alias of DELETE /v1/projects/{id}
         * @description The same operation as `DELETE /v1/projects/{id}` (operationId `deleteProject`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:write`.
         */
        delete: operations["deleteProjectViaAlias"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{id}/designs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects/{id}/designs
         * @description The same operation as `GET /v1/projects/{id}/designs` (operationId `listProjectDesigns`), served under a second name; prefer that one.
         *
         *     Credentials: U, B, JS, K; scope `projects:read | projects:write`.
         */
        get: operations["listProjectDesignsViaAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{id}/designs/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects/{id}/designs/count
         * @description The same operation as `GET /v1/projects/{id}/designs/count` (operationId `countProjectDesigns`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["countProjectDesignsViaAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /v1/projects/{id}/pdf
         * @description The same operation as `POST /v1/projects/{id}/pdf` (operationId `createProjectPdf`), served under a second name; prefer that one.
         *
         *     Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). One page per design: MediaBox = trim + bleed (+ slug with crop marks), TrimBox and BleedBox set, fonts embedded, images at native resolution. `pdf_standard` asks for PDF/X-4 or PDF/X-1a (CMYK through `output_profile`). Text in a character no font has (not the layer's font, not a shipped script fallback) fails the job, naming page, layer and characters, unless `allow_missing_glyphs` is true. Free of tokens.
         *
         *     Credentials: U, B, JS, K; scope `files:render | projects:write`.
         */
        post: operations["createProjectPdfViaAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{id}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects/{id}/products
         * @description The same operation as `GET /v1/projects/{id}/products` (operationId `listProjectProducts`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["listProjectProductsViaAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{id}/products/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects/{id}/products/count
         * @description The same operation as `GET /v1/projects/{id}/products/count` (operationId `countProjectProducts`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["countProjectProductsViaAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Alias of PUT /v1/projects/batch
         * @description The same operation as `PUT /v1/projects/batch` (operationId `batchUpdateProjects`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:write`.
         */
        put: operations["batchUpdateProjectsViaAlias"];
        /**
         * Alias of POST /v1/projects/batch
         * @description The same operation as `POST /v1/projects/batch` (operationId `batchCreateProjects`), served under a second name; prefer that one.
         *
         *     Credentials: U, B, JS, K; scope `projects:write`.
         */
        post: operations["batchCreateProjectsViaAlias"];
        /**
         * Alias of DELETE /v1/projects/batch
         * @description The same operation as `DELETE /v1/projects/batch` (operationId `batchDeleteProjects`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:write`.
         */
        delete: operations["batchDeleteProjectsViaAlias"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /v1/projects/count
         * @description The same operation as `GET /v1/projects/count` (operationId `countProjects`), served under a second name; prefer that one.
         *
         *     Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["countProjectsViaAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project
         * @description Credentials: U, B, JS, K; scope `projects:write`.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project
         * @description Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["getProject"];
        /**
         * Update a project
         * @description Credentials: B, JS, K; scope `projects:write`.
         */
        put: operations["updateProject"];
        post?: never;
        /**
         * Delete a project
         * @description Credentials: B, JS, K; scope `projects:write`.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/designs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's designs
         * @description Credentials: U, B, JS, K; scope `projects:read | projects:write`.
         */
        get: operations["listProjectDesigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/designs/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of a project's designs
         * @description Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["countProjectDesigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a project's print-ready PDF (its designs, oldest first)
         * @description Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). One page per design: MediaBox = trim + bleed (+ slug with crop marks), TrimBox and BleedBox set, fonts embedded, images at native resolution. `pdf_standard` asks for PDF/X-4 or PDF/X-1a (CMYK through `output_profile`). Text in a character no font has (not the layer's font, not a shipped script fallback) fails the job, naming page, layer and characters, unless `allow_missing_glyphs` is true. Free of tokens.
         *
         *     Credentials: U, B, JS, K; scope `files:render | projects:write`.
         */
        post: operations["createProjectPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products a project's designs are made on
         * @description Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["listProjectProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/products/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of products a project's designs are made on
         * @description Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["countProjectProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update up to 100 projects (all or nothing)
         * @description Credentials: B, JS, K; scope `projects:write`.
         */
        put: operations["batchUpdateProjects"];
        /**
         * Create up to 100 projects (all or nothing)
         * @description Credentials: U, B, JS, K; scope `projects:write`.
         */
        post: operations["batchCreateProjects"];
        /**
         * Delete up to 100 projects (all or nothing)
         * @description Credentials: B, JS, K; scope `projects:write`.
         */
        delete: operations["batchDeleteProjects"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of projects
         * @description Credentials: B, JS, K; scope `projects:read`.
         */
        get: operations["countProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database, queue and blob store answer */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/bg-remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove the background of an image (150 tokens, refunded if processing fails)
         * @description Answers 202 with the job in `processing`; poll GET /services/bg-remove/{jobId} every 2-3 seconds. Send `Idempotency-Key` to retry safely.
         *
         *     Credentials: J.
         */
        post: operations["createBgRemoveJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/bg-remove/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A background removal job (full field set)
         * @description Credentials: J.
         */
        get: operations["getBgRemoveJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/ai-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts an AI fix job (tokens deducted at creation, refunded if it fails)
         * @description Credentials: J, JS.
         */
        post: operations["createPreflightAiJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/ai-jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An AI fix job: analyzing → applying → completed | failed
         * @description Credentials: J, JS.
         */
        get: operations["getPreflightAiJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/ai-jobs/{jobId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approves a completed job: keeps the corrected file, checks it again and, for a job created with a store context, stores it as an Image of that store
         * @description Credentials: J, JS.
         */
        post: operations["approvePreflightAiJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/ai-jobs/{jobId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rejects a completed job: discards the corrected file (no refund)
         * @description Credentials: J, JS.
         */
        post: operations["rejectPreflightAiJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent preflight reports, newest first
         * @description Credentials: J.
         */
        get: operations["listPreflightChecks"];
        put?: never;
        /**
         * Full preflight check of a file (counts against the plan's monthly checks)
         * @description Credentials: J.
         */
        post: operations["createPreflightCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/checks/{reportId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A preflight report
         * @description Credentials: J.
         */
        get: operations["getPreflightCheck"];
        put?: never;
        post?: never;
        /**
         * Deletes a preflight report and its stored file
         * @description Credentials: J.
         */
        delete: operations["deletePreflightCheck"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/preflight/dpi-score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * DPI score of an image on a product (free)
         * @description Credentials: J.
         */
        post: operations["scorePreflightDpi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/agencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's agencies
         * @description Credentials: J.
         */
        get: operations["listStudioAgencies"];
        put?: never;
        /**
         * Create an agency
         * @description Credentials: J.
         */
        post: operations["createStudioAgency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/agencies/{agencyId}/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agency's studio jobs
         * @description Credentials: J.
         */
        get: operations["listStudioAgencyJobs"];
        put?: never;
        /**
         * Create a studio job (status defaults to draft)
         * @description Credentials: J.
         */
        post: operations["createStudioAgencyJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/agencies/{agencyId}/jobs/{jobId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload files to a studio job (multipart file[]); answers their numeric ids
         * @description Credentials: J.
         */
        post: operations["uploadStudioJobFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/agencies/{agencyId}/subjects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agency's subjects
         * @description Credentials: J.
         */
        get: operations["listStudioAgencySubjects"];
        put?: never;
        /**
         * Add one subject, or many with {subjects: [...]}
         * @description Credentials: J.
         */
        post: operations["createStudioAgencySubject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/face-crop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Face crop of 1-20 image URLs to an ICP preset; 2 tokens per image, 6 with enhance; images without a face are refunded
         * @description Credentials: J.
         */
        post: operations["createStudioFaceCrop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/face-crop/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Face crop of uploaded photos: ≤ 5 files answer 200 with results; more (up to 500) are queued (202). 2 tokens per image, 6 with enhance
         * @description Credentials: J.
         */
        post: operations["uploadStudioFaceCrop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/jobs/{taskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A studio batch job: status, progress, results when completed
         * @description Credentials: J.
         */
        get: operations["getStudioJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/matching/jobs/{matchJobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A match job: counts, and results per file once completed
         * @description Credentials: J.
         */
        get: operations["getStudioMatchJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/matching/match-job": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Match job files against the agency reference embeddings; 6 tokens per file, failed files refunded
         * @description Credentials: J.
         */
        post: operations["createStudioMatchJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/matching/references": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Build face embeddings for subjects with a reference_photo_url (queued from 20 subjects); free
         * @description Credentials: J.
         */
        post: operations["buildStudioMatchingReferences"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/studio/qr/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * QR card sheet PDF for 1-2000 subjects; 1 token per subject; single, 9up and logo need Premium
         * @description Credentials: J.
         */
        post: operations["generateStudioQrSheet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sides
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listSides"];
        put?: never;
        /**
         * Create a side
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createSide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sides/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A side
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getSide"];
        /**
         * Update a side
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateSide"];
        post?: never;
        /**
         * Delete a side (designs that reference it keep their snapshot)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteSide"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sides/{id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A side's templates
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listSideTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sides/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update up to 100 sides (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["batchUpdateSides"];
        /**
         * Create up to 100 sides (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["batchCreateSides"];
        /**
         * Delete up to 100 sides (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["batchDeleteSides"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sides/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of sides
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countSides"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's categories (product, clipart, template)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listStorages"];
        put?: never;
        /**
         * Create a category
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storages/{storage}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A category (the store’s own or a default one)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getStorage"];
        /**
         * Update a category
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateStorage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storages/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of the store's categories
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countStorages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storages/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service-curated categories
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listDefaultStorages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's stores
         * @description Credentials: J.
         */
        get: operations["listStores"];
        put?: never;
        /**
         * Create a store (starts on the lowest tier)
         * @description Credentials: J.
         */
        post: operations["createStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{store}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a store
         * @description Credentials: J, B, JS, K.
         */
        get: operations["getStore"];
        /**
         * Update a store
         * @description Credentials: J.
         */
        put: operations["updateStore"];
        post?: never;
        /**
         * Delete a store; its credentials stop working
         * @description Credentials: J.
         */
        delete: operations["deleteStore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{store}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's keys (metadata only)
         * @description Credentials: K, B, JS; scope `keys:read`.
         */
        get: operations["listStoreApiKeys"];
        put?: never;
        /**
         * Create a store key: secret (sk_live_) or publishable (pk_live_)
         * @description Needs the store on the Advanced plan or above (402 otherwise). The secret is in `key`, this once.
         *
         *     Credentials: K, B, JS; scope `keys:write`.
         */
        post: operations["createStoreApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{store}/api-keys/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a store key, at once; the record is kept
         * @description Credentials: K, B, JS; scope `keys:write`.
         */
        delete: operations["deleteStoreApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{store}/api-keys/{key}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A store key's audit trail, newest first
         * @description Credentials: K, B, JS; scope `keys:read`.
         */
        get: operations["listStoreApiKeyEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{store}/api-keys/{key}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a store key: a new key is issued; the old one works until grace_until
         * @description Credentials: K, B, JS; scope `keys:write`.
         */
        post: operations["rotateStoreApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/store-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store of the calling credential
         * @description Credentials: U, K, B, JS.
         */
        get: operations["getStoreDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/token-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reissue sid, secret and public token together; the old ones stop working at once
         * @description Credentials: B, JS.
         */
        put: operations["revokeStoreTokens"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a template
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A template
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["getTemplate"];
        /**
         * Update a template
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["updateTemplate"];
        post?: never;
        /**
         * Delete a template
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/fonts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fonts a template's text layers use (store fonts, else default ones)
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listTemplateFonts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update up to 100 templates (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        put: operations["batchUpdateTemplates"];
        /**
         * Create up to 100 templates (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        post: operations["batchCreateTemplates"];
        /**
         * Delete up to 100 templates (all or nothing)
         * @description Credentials: B, JS, K; scope `catalog:write`.
         */
        delete: operations["batchDeleteTemplates"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of templates
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/default/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Number of curated templates
         * @description Credentials: B, JS, K; scope `catalog:read`.
         */
        get: operations["countDefaultTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/template-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service-curated templates (business card, flyer, sticker, card; CC0), with layers and print size
         * @description Credentials: U, B, JS, K; scope `catalog:read`.
         */
        get: operations["listDefaultTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store's webhooks
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook (pro plan or above); the signing secret is in `secret`, this once
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        get: operations["getWebhook"];
        /**
         * Change a webhook; `enabled: true` resumes a disabled one
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook and its delivery log
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deliveries of a webhook with every attempt, newest first
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery with every attempt
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a finished delivery again (same webhook-id and body, a new retry schedule); 409 while it is pending
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new signing secret (shown once); the old one signs too until previous_secret_expires_at
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many webhooks the store has
         * @description Credentials: B, JS, K; scope `webhooks:write`.
         */
        get: operations["countWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Envelopes A and B at once: {error:{message, code}, message} */
        Error: {
            error?: {
                code?: string;
                details?: Record<string, never>;
                message?: string;
            };
            message?: string;
            request_id?: string;
        };
        /** @description The wallet cannot pay for the service: {error:"INSUFFICIENT_TOKENS", balance, shortfall, top_up_url} */
        InsufficientTokens: {
            balance: number;
            /** @enum {string} */
            error: "INSUFFICIENT_TOKENS";
            shortfall: number;
            top_up_url: string;
        };
        /** @description The body was understood but its values are not acceptable: {message, errors:{<field>:[messages]}, request_id} */
        Unprocessable: {
            errors?: {
                [key: string]: string[];
            };
            message?: string;
            request_id?: string;
        };
        /** @description Validation envelope: field → messages */
        ValidationError: {
            error?: {
                [key: string]: string[];
            };
            /** @enum {string} */
            message?: "Invalid input";
            request_id?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            email: string;
                            email_verified_at: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            email: string;
                            email_verified_at: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name: string;
                    /** @description 8+ characters with upper, lower, digit and symbol */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access_token: string;
                            /** @description seconds */
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "bearer";
                            user: {
                                /** Format: date-time */
                                created_at: string;
                                email: string;
                                email_verified_at: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountApiKeys: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "name";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAccountApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client addresses or CIDR ranges, IPv4 or IPv6; empty: any */
                    allowed_ips?: string[];
                    /** @description Browser origins (scheme://host[:port]) the key may be used from; empty: any */
                    allowed_origins?: string[];
                    /** @description A future date-time, or null for no expiry */
                    expires_at?: string | null;
                    /** @description Label shown in lists and the audit trail */
                    name: string;
                    /** @description Omitted: the default set (secret keys: all; publishable keys: catalog:read designs:write), limited to the scopes the caller holds. Known scopes: catalog:read, catalog:write, assets:write, designs:read, designs:write, projects:read, projects:write, files:render, keys:read, keys:write, account:read, webhooks:write */
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        };
                        /** @description The secret. Shown in this response only; it cannot be read again. */
                        key: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAccountApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountApiKeyEvents: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Not used by this list (accepted and ignored) */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date";
            };
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            actor: {
                                id: string;
                                type: string;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            detail: {
                                [key: string]: unknown;
                            } | null;
                            event: "created" | "rotated" | "revoked" | "auth_succeeded" | "auth_failed" | "scope_denied";
                            /** Format: uuid */
                            id: string;
                            ip: string | null;
                            /** Format: uuid */
                            key_uuid: string;
                            method: string | null;
                            /** @description Why an attempt failed or was denied */
                            reason: string | null;
                            route: string | null;
                            user_agent: string | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateAccountApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How long the old key keeps working (default 86400) */
                    grace_period_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        };
                        /** @description The secret. Shown in this response only; it cannot be read again. */
                        key: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            cta: {
                                [key: string]: {
                                    url: string;
                                };
                            };
                            entitlement: {
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                quotas: {
                                    [key: string]: number | null;
                                };
                                tier: string;
                            };
                            matrix: {
                                [key: string]: {
                                    capabilities: {
                                        [key: string]: boolean;
                                    };
                                    quotas: {
                                        [key: string]: number | null;
                                    };
                                };
                            };
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated as a user rather than a store */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access_token: string;
                            /** @description seconds */
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "bearer";
                            user: {
                                /** Format: date-time */
                                created_at: string;
                                email: string;
                                email_verified_at: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRenderJwt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access_token: string;
                            /** @description seconds */
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access_token: string;
                            /** @description seconds */
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "bearer";
                            user: {
                                /** Format: date-time */
                                created_at: string;
                                email: string;
                                email_verified_at: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description tokens available */
                            balance: number;
                            /** @description where to buy more tokens */
                            top_up_url: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWalletTransactions: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the entry's `reference`; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id";
                type?: "charge" | "refund" | "credit";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description signed: a charge is negative, a refund or credit positive; the ledger sums to the balance */
                            amount: number;
                            balance_after: number;
                            /** Format: date-time */
                            created_at: string;
                            /**
                             * @description Wallet transaction id
                             * @example TX-00000123
                             */
                            id: string;
                            /** @description what the entry is for, e.g. job:<id> or signup_grant */
                            reference: string | null;
                            /** @description the charge a refund gives back */
                            refund_of: string | null;
                            type: "charge" | "refund" | "credit";
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClipartStorages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClipartStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    parent_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClipartStorage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Clipart category id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClipartStorageCliparts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description Clipart category id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClipartStorageDefaultCliparts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description Clipart category id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countClipartStorageDefaultCliparts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description Clipart category id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countClipartStorageCliparts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description Clipart category id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClipartCategories: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description Clipart (Image) id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClipartDefaultCategories: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                /** @description Clipart (Image) id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDefaultClipartStorages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateCliparts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    "files[]": string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Clipart storage quota exceeded */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An SVG over a limit (depth, elements, style sheet size, selectors, selector work, task budget): the message names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCliparts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClipart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                    name?: string;
                    "storages[]"?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Clipart storage quota exceeded */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An SVG over a limit (depth, elements, style sheet size, selectors, selector work, task budget): the message names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClipart: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                clipart: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateClipart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clipart: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    storages?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Validation failed ({message, errors}) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClipart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clipart: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countCliparts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDefaultCliparts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countDefaultCliparts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGlobalCliparts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: number;
                            is_global: boolean;
                            name: string;
                            storages: string[];
                            thumbnail_url: string | null;
                            url: string;
                            uuid: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMyCliparts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: number;
                            is_global: boolean;
                            name: string;
                            storages: string[];
                            thumbnail_url: string | null;
                            url: string;
                            uuid: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDesigns: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description Embedded objects to build, comma-separated: `side`, `product`, `project`, `original_side`; `none` for none. Without it, all of them. Those left out are absent from the response (and their lookups are not made). */
                include?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "accepted" | "processing" | "declined" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side?: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product?: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project?: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side?: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDesign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    design_image_id?: string | null;
                    is_uploader?: boolean;
                    layers?: {
                        [key: string]: unknown;
                    }[];
                    name?: string;
                    note?: string | null;
                    preview_image_id?: string | null;
                    project_id?: string | null;
                    side_id: string;
                    status?: "accepted" | "processing" | "declined" | "trashed";
                    viewport_height?: number;
                    viewport_width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDesign: {
        parameters: {
            query?: {
                /** @description Embedded objects to build, comma-separated: `side`, `product`, `project`, `original_side`; `none` for none. Without it, all of them. Those left out are absent from the response (and their lookups are not made). */
                include?: string;
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side?: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product?: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project?: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side?: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateDesign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    design_image_id?: string | null;
                    is_uploader?: boolean;
                    layers?: {
                        [key: string]: unknown;
                    }[];
                    name?: string;
                    note?: string | null;
                    preview_image_id?: string | null;
                    project_id?: string | null;
                    side_id?: string;
                    status?: "accepted" | "processing" | "declined" | "trashed";
                    viewport_height?: number;
                    viewport_width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDesign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDesignFonts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDesignPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Text with a character no font has (not the layer's font, not one of the shipped script fallbacks) would print as a box: by default the job fails with an `error` naming the page, layer and characters (`page 1, layers[2]: no font has "…" (U+10FFFD)`); `true` prints it anyway, with a MISSING_GLYPHS warning
                     * @default false
                     */
                    allow_missing_glyphs?: boolean;
                    /** @description CMYK only (a 400 for rgb); default true: 100 % black (#000000, opaque) text of any size, and lines or shapes at most 2 pt thin, overprint the colours under them instead of knocking them out; `false` knocks out */
                    black_overprint?: boolean;
                    /** @description `cmyk` converts every colour and image through the output profile (ICC); default `rgb`, or `cmyk` when `pdf_standard` is a PDF/X */
                    color_mode?: "rgb" | "cmyk";
                    /**
                     * @description Crop marks at the trim corners in a 0.25 in slug (MediaBox grows; TrimBox and BleedBox stay)
                     * @default false
                     */
                    crop_marks?: boolean;
                    /** @description CMYK only (a 400 for rgb); default false: placed PDF artwork keeps the output profile's four-colour mix for its black and greys; by default its neutral RGB/grey colours print on K alone */
                    keep_artwork_rich_black?: boolean;
                    /** @description CMYK output profile (printing condition) id among those installed: `fogra39` (FOGRA39, ISO coated), `fogra29` (FOGRA29, ISO uncoated), `gracol2006` (CGATS TR 006), `swop` (CGATS TR 003); also Ghostscript's `gs_swop` and `ps_cmyk`. Left out: the default of the design's product, else the store's, else `swop`. An unknown id is a 400 naming the installed ones */
                    output_profile?: string;
                    /** @description `pdf_x4` (default for `cmyk`: live transparency kept) or `pdf_x1a` (no transparency, PDF 1.3) write a PDF/X file with an OutputIntent embedding the output profile; `none` is the default for `rgb`. A PDF/X file is CMYK: `color_mode: rgb` with a PDF/X standard is a 400 */
                    pdf_standard?: "none" | "pdf_x4" | "pdf_x1a";
                    rich_black?: {
                        c: number;
                        k: number;
                        m: number;
                        y: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Whether text with characters no font has prints (with a MISSING_GLYPHS warning) instead of failing the job */
                            allow_missing_glyphs: boolean;
                            black_overprint: boolean | null;
                            color_mode: "rgb" | "cmyk";
                            completed_at: string | null;
                            created_at: string;
                            crop_marks: boolean;
                            design_id: string | null;
                            /** @description The designs printed, one page each, in page order */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            keep_artwork_rich_black: boolean | null;
                            output_profile: {
                                /** @description The ICC profile's description */
                                description: string;
                                id: string;
                                /** @description OutputConditionIdentifier written in a PDF/X OutputIntent */
                                output_condition_identifier: string;
                            } | null;
                            /** @description Page boxes of each page */
                            pages: {
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                bleed_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                media_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                trim_box: number[];
                            }[];
                            pdf_standard: "none" | "pdf_x4" | "pdf_x1a";
                            pdf_url: string | null;
                            project_id: string | null;
                            rich_black: {
                                c: number;
                                k: number;
                                m: number;
                                y: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "pdf";
                            warnings: {
                                /** @description LOW_RESOLUTION, FONT_FALLBACK, MISSING_GLYPHS, UNSUPPORTED_FEATURE, OUTSIDE_SAFE_ZONE, RASTERIZED_ARTWORK or TRANSPARENCY_FLATTENED (PDF/X-1a) */
                                code: string;
                                details?: {
                                    [key: string]: unknown;
                                };
                                layer?: string;
                                message: string;
                                /** @description 1-based page (one per design) */
                                page: number;
                            }[];
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDesignProof: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    format?: "png" | "jpeg";
                    /** @description trim (solid magenta), bleed (dashed red; the image then shows the bleed), safe (dashed green) */
                    lines?: ("trim" | "bleed" | "safe")[];
                    watermark?: string | null;
                    /** @default 1000 */
                    width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            format: "png" | "jpeg";
                            height: number;
                            /** Format: uri */
                            url: string;
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchUpdateDesigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    designs: {
                        design_image_id?: string | null;
                        id: string;
                        is_uploader?: boolean;
                        layers?: {
                            [key: string]: unknown;
                        }[];
                        name?: string;
                        note?: string | null;
                        preview_image_id?: string | null;
                        project_id?: string | null;
                        side_id?: string;
                        status?: "accepted" | "processing" | "declined" | "trashed";
                        viewport_height?: number;
                        viewport_width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateDesigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    designs: {
                        design_image_id?: string | null;
                        is_uploader?: boolean;
                        layers?: {
                            [key: string]: unknown;
                        }[];
                        name?: string;
                        note?: string | null;
                        preview_image_id?: string | null;
                        project_id?: string | null;
                        side_id: string;
                        status?: "accepted" | "processing" | "declined" | "trashed";
                        viewport_height?: number;
                        viewport_width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchDeleteDesigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    designs: {
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countDesigns: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDesignImages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query?: {
                /** @description expiry, in Unix seconds */
                expires?: string;
                /** @description file name to download as (Content-Disposition) */
                name?: string;
                /** @description signature of the key and expiry */
                sig?: string;
            };
            header?: never;
            path: {
                /** @description the key of the file, as the signed link names it (may contain `/`) */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its own Content-Type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFonts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createFont: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alias?: string;
                    name: string;
                    subset?: string;
                    type?: string;
                    /** Format: http-url */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The font declares more than FONT_MAX_SFNT_BYTES unpacked */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a font */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A damaged font, or one past its check budget (time, memory) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFont: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alias?: string;
                    name?: string;
                    subset?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countFonts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDefaultFonts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countDefaultFonts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadFont: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    alias?: string;
                    /** Format: binary */
                    file: string;
                    name?: string;
                    subset?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large, or the font declares more than FONT_MAX_SFNT_BYTES unpacked */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a font */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A damaged font, or one past its check budget (time, memory) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGangSheet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Designs of this store and how many of each (2,000 copies in all at most); each prints at its trim size */
                    items: {
                        design_id: string;
                        quantity: number;
                    }[];
                    /** @description Unprinted edge on every side of the roll or sheet (default 5 mm) */
                    margins?: number;
                    name?: string;
                    /** @description A roll of this width (DTF film: 22 in, 60 cm…); the file is as long as the nesting needs */
                    roll?: {
                        /** @description Longest piece in `unit` (default and limit: 200 in, the PDF page limit); a longer run is cut into pieces */
                        max_length?: number;
                        unit: "mm" | "cm" | "inch" | "pt";
                        width: number;
                    };
                    /**
                     * @description Items may be turned 90° to nest tighter
                     * @default true
                     */
                    rotate?: boolean;
                    /** @description The press sheet: a preset or a custom size (at most 200 in a side) */
                    sheet?: {
                        /**
                         * @description `auto` tries the sheet both ways round and keeps the better fit
                         * @default auto
                         */
                        orientation?: "auto" | "portrait" | "landscape";
                        /** @description `sra3` 320 × 450 mm, `a3_plus` 329 × 483 mm, `12x18` and `13x19` inches */
                        preset: "sra3" | "a3_plus" | "12x18" | "13x19";
                    } | {
                        height: number;
                        /** @default auto */
                        orientation?: "auto" | "portrait" | "landscape";
                        unit: "mm" | "cm" | "inch" | "pt";
                        width: number;
                    };
                    /** @description Gap kept between neighbouring items (default 3 mm) */
                    spacing?: number;
                    /**
                     * @description Unit of spacing and margins
                     * @default mm
                     */
                    unit?: "mm" | "cm" | "inch" | "pt";
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            completed_at: string | null;
                            created_at: string;
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            items: {
                                design_id: string;
                                quantity: number;
                            }[];
                            /** @description Unit of the roll or custom sheet (mm for presets) */
                            length_unit: "mm" | "cm" | "inch" | "pt";
                            length_used: number | null;
                            name: string;
                            /** @description The request with every default filled in */
                            options: {
                                [key: string]: unknown;
                            };
                            pdf_url: string | null;
                            report: {
                                items: {
                                    design_id: string;
                                    height_mm: number;
                                    quantity: number;
                                    /** @description Copies placed turned 90° */
                                    rotated: number;
                                    width_mm: number;
                                }[];
                                /** @description Copies placed (all of them) */
                                placed: number;
                                /** @description Each page of the file (a sheet, or a piece of roll), in `length_unit` */
                                sheets: {
                                    height: number;
                                    page: number;
                                    width: number;
                                }[];
                                /** @description What a simple shelf packer would have reached, for comparison */
                                shelf_utilisation: number;
                                /** @description The nesting rule and ordering that won */
                                strategy: string;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "gang_sheet";
                            utilisation: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request cannot be done as asked: a limit passed (named in the message) or a source that does not fit */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example ok */
                        status: string;
                    };
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                type?: "cliparts" | "designs";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    custom_width?: number;
                    /** Format: binary */
                    file: string;
                    type?: "cliparts" | "designs";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An SVG over a limit (depth, elements, style sheet size, selectors, selector work, task budget): the message names it; or a PDF refused: a cyclic or damaged page tree, too many objects or too deep nesting, encryption, or data in an outside file (external stream); the message says which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateImages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    "files[]": string[];
                    type?: "cliparts" | "designs";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alt: string;
                            created_at: string;
                            height: number | null;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            mime_type: string;
                            name: string;
                            size_bytes: number;
                            thumbnails: {
                                custom: string | null;
                                medium: string | null;
                                small: string | null;
                            };
                            type: ("cliparts" | "designs") | null;
                            updated_at: string;
                            /** @description Signed link, valid 24 hours */
                            url: string;
                            width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An SVG over a limit (depth, elements, style sheet size, selectors, selector work, task budget): the message names it; or a PDF refused: a cyclic or damaged page tree, too many objects or too deep nesting, encryption, or data in an outside file (external stream); the message says which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countImages: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createImposition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `keep`: each item prints its bleed (at most half the gutter towards a neighbour); `trim`: items are cut at their trim
                     * @default keep
                     */
                    bleed?: "keep" | "trim";
                    booklet?: {
                        /** @description `saddle_stitch`: all sheets nested in one section (pages padded to a multiple of 4 with blanks at the end); `perfect_bound`: folded sections of `signature_pages`, gathered in order */
                        binding: "saddle_stitch" | "perfect_bound";
                        /**
                         * @description Creep compensation in `unit`: each sheet further inside a section moves its pages this much more towards the spine (about the paper thickness)
                         * @default 0
                         */
                        creep?: number;
                        /** @description Pages per folded section (perfect binding; default 16) */
                        signature_pages?: number;
                    };
                    /** @description step_and_repeat: copies of each item (default: one sheet full); cut_and_stack / sequential: sets of all items (default 1) */
                    copies?: number;
                    /** @description Designs of this store, rendered one page each in this order */
                    design_ids?: string[];
                    /** @description Space between neighbouring trims (across, down); default twice the bleed when bleed is kept, else 0 */
                    gutter?: number | {
                        x: number;
                        y: number;
                    };
                    /** @description `auto` (the default): as many items as fit (rotated when `rotate` allows and it fits more); or exactly rows × cols (422 when they do not fit) */
                    layout?: "auto" | {
                        cols: number;
                        rows: number;
                    };
                    /** @description One length for every side, or each side */
                    margins?: number | {
                        bottom: number;
                        left: number;
                        right: number;
                        top: number;
                    };
                    marks?: {
                        /**
                         * @description C, M, Y, K, overprints and K tints along the top margin
                         * @default true
                         */
                        color_bar?: boolean;
                        /**
                         * @description Crop marks at each item's trim corners, wherever they clear every item's printed area, and a booklet's fold marks at the spine. Every mark but the colour bar is in the registration colour /Separation /All, so it prints on every plate, spot plates included
                         * @default true
                         */
                        crop?: boolean;
                        /**
                         * @description Registration targets in the side and top margins
                         * @default true
                         */
                        registration?: boolean;
                        /**
                         * @description Job name, sheet n of m, side and date along the bottom margin
                         * @default true
                         */
                        slug?: boolean;
                    };
                    /** @description Job name printed in the slug line */
                    name?: string;
                    /** @description `step_and_repeat`: each sheet repeats one item; `cut_and_stack`: after cutting, stacking the piles gives the pages in order; `sequential`: items fill the sheets in reading order. Default: step_and_repeat for one item, else cut_and_stack */
                    order?: "step_and_repeat" | "cut_and_stack" | "sequential";
                    /** @description A completed print-ready PDF job of this store: its file's pages are imposed */
                    pdf_job_id?: string;
                    /** @description A project's designs, oldest first */
                    project_id?: string;
                    /** @description Auto layout may turn items 90° when that fits more (default true) */
                    rotate?: boolean;
                    /** @description The press sheet: a preset or a custom size (at most 200 in a side) */
                    sheet: {
                        /**
                         * @description `auto` tries the sheet both ways round and keeps the better fit
                         * @default auto
                         */
                        orientation?: "auto" | "portrait" | "landscape";
                        /** @description `sra3` 320 × 450 mm, `a3_plus` 329 × 483 mm, `12x18` and `13x19` inches */
                        preset: "sra3" | "a3_plus" | "12x18" | "13x19";
                    } | {
                        height: number;
                        /** @default auto */
                        orientation?: "auto" | "portrait" | "landscape";
                        unit: "mm" | "cm" | "inch" | "pt";
                        width: number;
                    };
                    /** @description `simplex` (the default) prints one side. Two-sided printing takes the pages in pairs (front, back). `sheetwise`: a front plate and a back plate; `work_and_turn` / `work_and_tumble`: one plate with the fronts on one half and the backs on the other, printed, turned (over the side edge) or tumbled (over the head) and printed again. Backs land exactly behind their fronts */
                    sides?: "simplex" | "sheetwise" | "work_and_turn" | "work_and_tumble";
                    /**
                     * @description Unit of margins, gutter and creep
                     * @default mm
                     */
                    unit?: "mm" | "cm" | "inch" | "pt";
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            completed_at: string | null;
                            created_at: string;
                            /** @description The designs rendered (empty when imposing a PDF job) */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            mode: "flat" | "booklet";
                            name: string;
                            /** @description The request with every default filled in */
                            options: {
                                [key: string]: unknown;
                            };
                            pdf_job_id: string | null;
                            pdf_url: string | null;
                            project_id: string | null;
                            report: {
                                /** @description Empty slots or blank pages added */
                                blanks: number;
                                gutter: {
                                    /** @description millimetres */
                                    x: number;
                                    /** @description millimetres */
                                    y: number;
                                } | null;
                                /** @description Trim size and bleed of the source pages */
                                item: {
                                    /** @description millimetres */
                                    bleed: number;
                                    /** @description millimetres */
                                    height: number;
                                    /** @description millimetres */
                                    width: number;
                                };
                                layout: {
                                    cols: number;
                                    rotated: boolean;
                                    rows: number;
                                } | null;
                                order: ("step_and_repeat" | "cut_and_stack" | "sequential") | null;
                                /** @description Pages in the file: one per sheet side (one per sheet for work and turn / tumble) */
                                pages: number;
                                /** @description Items per sheet (a booklet: 4 pages) */
                                per_sheet: number;
                                /** @description The sheet as laid out (after orientation) */
                                sheet: {
                                    /** @description millimetres */
                                    height: number;
                                    /** @description millimetres */
                                    width: number;
                                };
                                /** @description Press sheets to print */
                                sheets: number;
                                /** @description Every side of every sheet: the first 200, and no more sides than hold 10,000 slots between them (the first side always) */
                                sides: {
                                    /** @description 1-based page of the imposed file */
                                    page: number;
                                    sheet: number;
                                    side: "front" | "back" | "both";
                                    signature?: number;
                                    /** @description Where each item's trim lands (from the sheet's lower-left corner; a booklet page's creep included) */
                                    slots: {
                                        /** @description Booklets: how far creep moved this page towards the spine, in millimetres (0 on a section's outer sheet); `x` already includes it */
                                        creep?: number;
                                        /** @description millimetres */
                                        height: number;
                                        /** @description Degrees counter-clockwise */
                                        rotation: number;
                                        source_page: number | null;
                                        /** @description millimetres */
                                        width: number;
                                        /** @description millimetres */
                                        x: number;
                                        /** @description millimetres */
                                        y: number;
                                    }[];
                                }[];
                                source_pages: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "imposition";
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request cannot be done as asked: a limit passed (named in the message) or a source that does not fit */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Whether text with characters no font has prints (with a MISSING_GLYPHS warning) instead of failing the job */
                            allow_missing_glyphs: boolean;
                            black_overprint: boolean | null;
                            color_mode: "rgb" | "cmyk";
                            completed_at: string | null;
                            created_at: string;
                            crop_marks: boolean;
                            design_id: string | null;
                            /** @description The designs printed, one page each, in page order */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            keep_artwork_rich_black: boolean | null;
                            output_profile: {
                                /** @description The ICC profile's description */
                                description: string;
                                id: string;
                                /** @description OutputConditionIdentifier written in a PDF/X OutputIntent */
                                output_condition_identifier: string;
                            } | null;
                            /** @description Page boxes of each page */
                            pages: {
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                bleed_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                media_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                trim_box: number[];
                            }[];
                            pdf_standard: "none" | "pdf_x4" | "pdf_x1a";
                            pdf_url: string | null;
                            project_id: string | null;
                            rich_black: {
                                c: number;
                                k: number;
                                m: number;
                                y: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "pdf";
                            warnings: {
                                /** @description LOW_RESOLUTION, FONT_FALLBACK, MISSING_GLYPHS, UNSUPPORTED_FEATURE, OUTSIDE_SAFE_ZONE, RASTERIZED_ARTWORK or TRANSPARENCY_FLATTENED (PDF/X-1a) */
                                code: string;
                                details?: {
                                    [key: string]: unknown;
                                };
                                layer?: string;
                                message: string;
                                /** @description 1-based page (one per design) */
                                page: number;
                            }[];
                        } | {
                            /** @description Whether text with characters no font has (from the design or a record) prints, with a MISSING_GLYPHS warning, instead of failing the job */
                            allow_missing_glyphs: boolean;
                            black_overprint: boolean | null;
                            color_mode: "rgb" | "cmyk";
                            completed_at: string | null;
                            created_at: string;
                            crop_marks: boolean;
                            design_id: string | null;
                            /** @description The sides, in page order within each record */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            keep_artwork_rich_black: boolean | null;
                            on_error: "skip" | "fail";
                            output: "pdf" | "zip";
                            output_profile: string | null;
                            pages: number | null;
                            pdf_standard: "none" | "pdf_x4" | "pdf_x1a";
                            pdf_url: string | null;
                            /** @description Records done (merged or skipped) out of the data set; updated about once a second while the job runs */
                            progress: {
                                current: number;
                                percentage: number;
                                total: number;
                            };
                            project_id: string | null;
                            report: {
                                /** @description Every record with something to say: skipped, shrunk or overflowing (a record merged as designed is not listed) */
                                details: {
                                    /** @description Why the record was skipped */
                                    errors: {
                                        /** @description missing_value, text_overflow (fit fail), image_unavailable, invalid_code (a barcode cannot encode the value) or bad_row (the CSV row has the wrong number of columns) */
                                        code: "missing_value" | "text_overflow" | "image_unavailable" | "invalid_code" | "bad_row";
                                        field?: string;
                                        message: string;
                                    }[];
                                    file: string | null;
                                    /** @description Text that does not fit its box even at `min_font_size` (or with fit `wrap`): printed overflowing; box and needed size in design px [width, height] */
                                    overflow: {
                                        box: number[];
                                        field: string;
                                        needed: number[];
                                    }[];
                                    pages: number[] | null;
                                    /** @description 1-based record: the JSON index + 1, or the CSV data row (1 = the first row after the header) */
                                    record: number;
                                    /** @description Text shrunk to fit its box: font size (design px) before and after */
                                    shrunk: {
                                        field: string;
                                        from: number;
                                        to: number;
                                    }[];
                                    status: "merged" | "skipped";
                                }[];
                                merged: number;
                                /** @description Records with text overflowing its box */
                                overflowed: number;
                                /** @description Records in the data set */
                                records: number;
                                /** @description Records with text shrunk to fit */
                                shrunk: number;
                                skipped: number;
                            } | null;
                            rich_black: {
                                c: number;
                                k: number;
                                m: number;
                                y: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "merge";
                            /** @description Print warnings (font fallback, low resolution, …), each once */
                            warnings: {
                                code: string;
                                details?: {
                                    [key: string]: unknown;
                                };
                                layer?: string;
                                message: string;
                                page: number;
                            }[];
                            zip_url: string | null;
                        } | {
                            completed_at: string | null;
                            created_at: string;
                            /** @description The designs rendered (empty when imposing a PDF job) */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            mode: "flat" | "booklet";
                            name: string;
                            /** @description The request with every default filled in */
                            options: {
                                [key: string]: unknown;
                            };
                            pdf_job_id: string | null;
                            pdf_url: string | null;
                            project_id: string | null;
                            report: {
                                /** @description Empty slots or blank pages added */
                                blanks: number;
                                gutter: {
                                    /** @description millimetres */
                                    x: number;
                                    /** @description millimetres */
                                    y: number;
                                } | null;
                                /** @description Trim size and bleed of the source pages */
                                item: {
                                    /** @description millimetres */
                                    bleed: number;
                                    /** @description millimetres */
                                    height: number;
                                    /** @description millimetres */
                                    width: number;
                                };
                                layout: {
                                    cols: number;
                                    rotated: boolean;
                                    rows: number;
                                } | null;
                                order: ("step_and_repeat" | "cut_and_stack" | "sequential") | null;
                                /** @description Pages in the file: one per sheet side (one per sheet for work and turn / tumble) */
                                pages: number;
                                /** @description Items per sheet (a booklet: 4 pages) */
                                per_sheet: number;
                                /** @description The sheet as laid out (after orientation) */
                                sheet: {
                                    /** @description millimetres */
                                    height: number;
                                    /** @description millimetres */
                                    width: number;
                                };
                                /** @description Press sheets to print */
                                sheets: number;
                                /** @description Every side of every sheet: the first 200, and no more sides than hold 10,000 slots between them (the first side always) */
                                sides: {
                                    /** @description 1-based page of the imposed file */
                                    page: number;
                                    sheet: number;
                                    side: "front" | "back" | "both";
                                    signature?: number;
                                    /** @description Where each item's trim lands (from the sheet's lower-left corner; a booklet page's creep included) */
                                    slots: {
                                        /** @description Booklets: how far creep moved this page towards the spine, in millimetres (0 on a section's outer sheet); `x` already includes it */
                                        creep?: number;
                                        /** @description millimetres */
                                        height: number;
                                        /** @description Degrees counter-clockwise */
                                        rotation: number;
                                        source_page: number | null;
                                        /** @description millimetres */
                                        width: number;
                                        /** @description millimetres */
                                        x: number;
                                        /** @description millimetres */
                                        y: number;
                                    }[];
                                }[];
                                source_pages: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "imposition";
                        } | {
                            completed_at: string | null;
                            created_at: string;
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            items: {
                                design_id: string;
                                quantity: number;
                            }[];
                            /** @description Unit of the roll or custom sheet (mm for presets) */
                            length_unit: "mm" | "cm" | "inch" | "pt";
                            length_used: number | null;
                            name: string;
                            /** @description The request with every default filled in */
                            options: {
                                [key: string]: unknown;
                            };
                            pdf_url: string | null;
                            report: {
                                items: {
                                    design_id: string;
                                    height_mm: number;
                                    quantity: number;
                                    /** @description Copies placed turned 90° */
                                    rotated: number;
                                    width_mm: number;
                                }[];
                                /** @description Copies placed (all of them) */
                                placed: number;
                                /** @description Each page of the file (a sheet, or a piece of roll), in `length_unit` */
                                sheets: {
                                    height: number;
                                    page: number;
                                    width: number;
                                }[];
                                /** @description What a simple shelf packer would have reached, for comparison */
                                shelf_utilisation: number;
                                /** @description The nesting rule and ordering that won */
                                strategy: string;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "gang_sheet";
                            utilisation: number | null;
                        } | {
                            [key: string]: unknown;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMergeJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Text with a character no font has (not the layer's font, not one of the shipped script fallbacks) would print as a box: by default the job fails with an `error` naming the page, layer and characters (`page 1, layers[2]: no font has "…" (U+10FFFD)`); `true` prints it anyway, with a MISSING_GLYPHS warning
                     * @default false
                     */
                    allow_missing_glyphs?: boolean;
                    /** @description CMYK only (a 400 for rgb); default true: 100 % black (#000000, opaque) text of any size, and lines or shapes at most 2 pt thin, overprint the colours under them instead of knocking them out; `false` knocks out */
                    black_overprint?: boolean;
                    /** @description `cmyk` converts every colour and image through the output profile (ICC); default `rgb`, or `cmyk` when `pdf_standard` is a PDF/X */
                    color_mode?: "rgb" | "cmyk";
                    /**
                     * @description Crop marks at the trim corners in a 0.25 in slug, as for the PDF job
                     * @default false
                     */
                    crop_marks?: boolean;
                    /** @description Or the data set as CSV text: a header row, then one record per row; `,` or `;` delimited (detected from the header), UTF-8 with or without BOM, quoted fields may hold delimiters and line breaks. At most 200 columns and 10000 characters a cell (as a JSON cell): 422 naming the cell otherwise */
                    csv?: string;
                    /** @description The design (template) whose field layers are filled: one page per record */
                    design_id?: string;
                    /** @description CMYK only (a 400 for rgb); default false: placed PDF artwork keeps the output profile's four-colour mix for its black and greys; by default its neutral RGB/grey colours print on K alone */
                    keep_artwork_rich_black?: boolean;
                    /** @description Field (or `{{token}}`) name → data column, for columns not named like the fields; `n` (when the data has no column of that name) is the record number */
                    mapping?: {
                        [key: string]: string;
                    };
                    /** @description Sequential numbering: `{{n}}` in a text field is the record number start, start + step, …, zero-padded */
                    numbering?: {
                        /** @description How many numbered copies to print when no data set is sent (raffle tickets); ignored with records or a CSV */
                        count?: number;
                        /**
                         * @description Zero-pad `{{n}}` to this many digits (`5` → `00042`); 0: no padding
                         * @default 0
                         */
                        padding?: number;
                        /**
                         * @description The first number (default 1)
                         * @default 1
                         */
                        start?: number;
                        /**
                         * @description Added for each following record (default 1)
                         * @default 1
                         */
                        step?: number;
                    };
                    /**
                     * @description A bad record (missing value, text that cannot fit with fit `fail`, an image that cannot be fetched, a value a barcode cannot encode, a CSV row with the wrong number of columns): `skip` leaves it out and lists it in the report; `fail` fails the job naming it
                     * @default skip
                     */
                    on_error?: "skip" | "fail";
                    /**
                     * @description `pdf`: one file, a page per record and side, in order; `zip`: one PDF per record
                     * @default pdf
                     */
                    output?: "pdf" | "zip";
                    /** @description CMYK output profile (printing condition) id among those installed: `fogra39` (FOGRA39, ISO coated), `fogra29` (FOGRA29, ISO uncoated), `gracol2006` (CGATS TR 006), `swop` (CGATS TR 003); also Ghostscript's `gs_swop` and `ps_cmyk`. Left out: the default of the design's product, else the store's, else `swop`. An unknown id is a 400 naming the installed ones */
                    output_profile?: string;
                    /** @description `pdf_x4` (default for `cmyk`: live transparency kept) or `pdf_x1a` (no transparency, PDF 1.3) write a PDF/X file with an OutputIntent embedding the output profile; `none` is the default for `rgb`. A PDF/X file is CMYK: `color_mode: rgb` with a PDF/X standard is a 400 */
                    pdf_standard?: "none" | "pdf_x4" | "pdf_x1a";
                    /** @description Or a project: its designs (oldest first) are the sides, one page per record and side */
                    project_id?: string;
                    /** @description The data set as JSON rows (column → value); numbers and booleans are printed as text, null is no value. At most 200 columns between all records, a string cell at most 10000 characters */
                    records?: {
                        [key: string]: string | number | boolean | null;
                    }[];
                    rich_black?: {
                        c: number;
                        k: number;
                        m: number;
                        y: number;
                    } | null;
                };
                "multipart/form-data": {
                    allow_missing_glyphs?: "true" | "false";
                    black_overprint?: "true" | "false";
                    color_mode?: "rgb" | "cmyk";
                    crop_marks?: "true" | "false";
                    design_id?: string;
                    /**
                     * Format: binary
                     * @description The data set as a CSV file (UTF-8 with or without BOM, `,` or `;` delimited, header row first)
                     */
                    file: string;
                    keep_artwork_rich_black?: "true" | "false";
                    /** @description The mapping as JSON text: `{"name":"Full name"}` */
                    mapping?: string;
                    /** @description Numbering as JSON text: `{"start":1000,"padding":6}` */
                    numbering?: string;
                    on_error?: "skip" | "fail";
                    output?: "pdf" | "zip";
                    output_profile?: string;
                    pdf_standard?: "none" | "pdf_x4" | "pdf_x1a";
                    project_id?: string;
                    /** @description The rich black as JSON text: `{"c":60,"m":40,"y":40,"k":100}` */
                    rich_black?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Whether text with characters no font has (from the design or a record) prints, with a MISSING_GLYPHS warning, instead of failing the job */
                            allow_missing_glyphs: boolean;
                            black_overprint: boolean | null;
                            color_mode: "rgb" | "cmyk";
                            completed_at: string | null;
                            created_at: string;
                            crop_marks: boolean;
                            design_id: string | null;
                            /** @description The sides, in page order within each record */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            keep_artwork_rich_black: boolean | null;
                            on_error: "skip" | "fail";
                            output: "pdf" | "zip";
                            output_profile: string | null;
                            pages: number | null;
                            pdf_standard: "none" | "pdf_x4" | "pdf_x1a";
                            pdf_url: string | null;
                            /** @description Records done (merged or skipped) out of the data set; updated about once a second while the job runs */
                            progress: {
                                current: number;
                                percentage: number;
                                total: number;
                            };
                            project_id: string | null;
                            report: {
                                /** @description Every record with something to say: skipped, shrunk or overflowing (a record merged as designed is not listed) */
                                details: {
                                    /** @description Why the record was skipped */
                                    errors: {
                                        /** @description missing_value, text_overflow (fit fail), image_unavailable, invalid_code (a barcode cannot encode the value) or bad_row (the CSV row has the wrong number of columns) */
                                        code: "missing_value" | "text_overflow" | "image_unavailable" | "invalid_code" | "bad_row";
                                        field?: string;
                                        message: string;
                                    }[];
                                    file: string | null;
                                    /** @description Text that does not fit its box even at `min_font_size` (or with fit `wrap`): printed overflowing; box and needed size in design px [width, height] */
                                    overflow: {
                                        box: number[];
                                        field: string;
                                        needed: number[];
                                    }[];
                                    pages: number[] | null;
                                    /** @description 1-based record: the JSON index + 1, or the CSV data row (1 = the first row after the header) */
                                    record: number;
                                    /** @description Text shrunk to fit its box: font size (design px) before and after */
                                    shrunk: {
                                        field: string;
                                        from: number;
                                        to: number;
                                    }[];
                                    status: "merged" | "skipped";
                                }[];
                                merged: number;
                                /** @description Records with text overflowing its box */
                                overflowed: number;
                                /** @description Records in the data set */
                                records: number;
                                /** @description Records with text shrunk to fit */
                                shrunk: number;
                                skipped: number;
                            } | null;
                            rich_black: {
                                c: number;
                                k: number;
                                m: number;
                                y: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "merge";
                            /** @description Print warnings (font fallback, low resolution, …), each once */
                            warnings: {
                                code: string;
                                details?: {
                                    [key: string]: unknown;
                                };
                                layer?: string;
                                message: string;
                                page: number;
                            }[];
                            zip_url: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large: a JSON body over 32 MiB or of more than 250,000 keys (send a large data set as CSV), a CSV over 20 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit of the data set passed (named in the message): a CSV cell over 10,000 characters, more than 200 columns */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unprocessable"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMockupTemplates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description width / height of the print area on the product */
                            aspect: number | null;
                            created_at: string;
                            description: string | null;
                            /** @description largest shift (photo px) the displacement layer gives the design */
                            displacement: {
                                x: number;
                                y: number;
                            } | null;
                            /** @description how a design of another shape than `aspect` is placed */
                            fit: "contain" | "cover" | "fill";
                            /** @example 800 */
                            height: number;
                            /** Format: uuid */
                            id: string;
                            is_default: boolean;
                            /**
                             * @description the layer images (signed links); absent layers are null
                             * @example {
                             *       "photo": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/photo.jpg?sig=3f9a",
                             *         "mime_type": "image/jpeg",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 22118
                             *       },
                             *       "shading": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/shading.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 300,
                             *         "height": 200,
                             *         "size_bytes": 1710
                             *       },
                             *       "highlight": null,
                             *       "mask": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/mask.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 10877
                             *       },
                             *       "displacement": null
                             *     }
                             */
                            layers: {
                                displacement: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                highlight: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                mask: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                photo: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                shading: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                            };
                            license: string | null;
                            /** @example Business card on a desk */
                            name: string;
                            /**
                             * @example {
                             *       "type": "quad",
                             *       "corners": [
                             *         [
                             *           300,
                             *           206
                             *         ],
                             *         [
                             *           898,
                             *           164
                             *         ],
                             *         [
                             *           925,
                             *           551
                             *         ],
                             *         [
                             *           327,
                             *           593
                             *         ]
                             *       ]
                             *     }
                             */
                            print_area: {
                                /** @description the design's top-left, top-right, bottom-right and bottom-left corners (perspective) */
                                corners: number[][];
                                /** @enum {string} */
                                type: "quad";
                            } | {
                                columns: number;
                                /** @description (rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces) */
                                points: number[][];
                                rows: number;
                                /** @enum {string} */
                                type: "mesh";
                            };
                            updated_at: string;
                            /**
                             * @description photo width in px: the coordinates’ space
                             * @example 1200
                             */
                            width: number;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMockupTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    description?: string;
                    /** Format: binary */
                    displacement?: string;
                    /** Format: binary */
                    highlight?: string;
                    /** Format: binary */
                    mask?: string;
                    name: string;
                    /** Format: binary */
                    photo: string;
                    /** Format: binary */
                    shading?: string;
                    /**
                     * @description JSON: {print_area, aspect?, fit?, displacement?} (width and height default to the photo’s)
                     * @example {"print_area":{"type":"quad","corners":[[300,206],[898,164],[925,551],[327,593]]},"aspect":1.545,"fit":"cover"}
                     */
                    spec: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description width / height of the print area on the product */
                            aspect: number | null;
                            created_at: string;
                            description: string | null;
                            /** @description largest shift (photo px) the displacement layer gives the design */
                            displacement: {
                                x: number;
                                y: number;
                            } | null;
                            /** @description how a design of another shape than `aspect` is placed */
                            fit: "contain" | "cover" | "fill";
                            /** @example 800 */
                            height: number;
                            /** Format: uuid */
                            id: string;
                            is_default: boolean;
                            /**
                             * @description the layer images (signed links); absent layers are null
                             * @example {
                             *       "photo": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/photo.jpg?sig=3f9a",
                             *         "mime_type": "image/jpeg",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 22118
                             *       },
                             *       "shading": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/shading.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 300,
                             *         "height": 200,
                             *         "size_bytes": 1710
                             *       },
                             *       "highlight": null,
                             *       "mask": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/mask.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 10877
                             *       },
                             *       "displacement": null
                             *     }
                             */
                            layers: {
                                displacement: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                highlight: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                mask: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                photo: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                shading: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                            };
                            license: string | null;
                            /** @example Business card on a desk */
                            name: string;
                            /**
                             * @example {
                             *       "type": "quad",
                             *       "corners": [
                             *         [
                             *           300,
                             *           206
                             *         ],
                             *         [
                             *           898,
                             *           164
                             *         ],
                             *         [
                             *           925,
                             *           551
                             *         ],
                             *         [
                             *           327,
                             *           593
                             *         ]
                             *       ]
                             *     }
                             */
                            print_area: {
                                /** @description the design's top-left, top-right, bottom-right and bottom-left corners (perspective) */
                                corners: number[][];
                                /** @enum {string} */
                                type: "quad";
                            } | {
                                columns: number;
                                /** @description (rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces) */
                                points: number[][];
                                rows: number;
                                /** @enum {string} */
                                type: "mesh";
                            };
                            updated_at: string;
                            /**
                             * @description photo width in px: the coordinates’ space
                             * @example 1200
                             */
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMockupTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description width / height of the print area on the product */
                            aspect: number | null;
                            created_at: string;
                            description: string | null;
                            /** @description largest shift (photo px) the displacement layer gives the design */
                            displacement: {
                                x: number;
                                y: number;
                            } | null;
                            /** @description how a design of another shape than `aspect` is placed */
                            fit: "contain" | "cover" | "fill";
                            /** @example 800 */
                            height: number;
                            /** Format: uuid */
                            id: string;
                            is_default: boolean;
                            /**
                             * @description the layer images (signed links); absent layers are null
                             * @example {
                             *       "photo": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/photo.jpg?sig=3f9a",
                             *         "mime_type": "image/jpeg",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 22118
                             *       },
                             *       "shading": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/shading.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 300,
                             *         "height": 200,
                             *         "size_bytes": 1710
                             *       },
                             *       "highlight": null,
                             *       "mask": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/mask.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 10877
                             *       },
                             *       "displacement": null
                             *     }
                             */
                            layers: {
                                displacement: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                highlight: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                mask: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                photo: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                shading: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                            };
                            license: string | null;
                            /** @example Business card on a desk */
                            name: string;
                            /**
                             * @example {
                             *       "type": "quad",
                             *       "corners": [
                             *         [
                             *           300,
                             *           206
                             *         ],
                             *         [
                             *           898,
                             *           164
                             *         ],
                             *         [
                             *           925,
                             *           551
                             *         ],
                             *         [
                             *           327,
                             *           593
                             *         ]
                             *       ]
                             *     }
                             */
                            print_area: {
                                /** @description the design's top-left, top-right, bottom-right and bottom-left corners (perspective) */
                                corners: number[][];
                                /** @enum {string} */
                                type: "quad";
                            } | {
                                columns: number;
                                /** @description (rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces) */
                                points: number[][];
                                rows: number;
                                /** @enum {string} */
                                type: "mesh";
                            };
                            updated_at: string;
                            /**
                             * @description photo width in px: the coordinates’ space
                             * @example 1200
                             */
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMockupTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    aspect?: number | null;
                    description?: string | null;
                    /** @description largest shift (photo px) the displacement layer gives the design */
                    displacement?: {
                        x: number;
                        y: number;
                    } | null;
                    /** @description how a design of another shape than `aspect` is placed */
                    fit?: "contain" | "cover" | "fill";
                    name?: string;
                    /**
                     * @example {
                     *       "type": "quad",
                     *       "corners": [
                     *         [
                     *           300,
                     *           206
                     *         ],
                     *         [
                     *           898,
                     *           164
                     *         ],
                     *         [
                     *           925,
                     *           551
                     *         ],
                     *         [
                     *           327,
                     *           593
                     *         ]
                     *       ]
                     *     }
                     */
                    print_area?: {
                        /** @description the design's top-left, top-right, bottom-right and bottom-left corners (perspective) */
                        corners: number[][];
                        /** @enum {string} */
                        type: "quad";
                    } | {
                        columns: number;
                        /** @description (rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces) */
                        points: number[][];
                        rows: number;
                        /** @enum {string} */
                        type: "mesh";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description width / height of the print area on the product */
                            aspect: number | null;
                            created_at: string;
                            description: string | null;
                            /** @description largest shift (photo px) the displacement layer gives the design */
                            displacement: {
                                x: number;
                                y: number;
                            } | null;
                            /** @description how a design of another shape than `aspect` is placed */
                            fit: "contain" | "cover" | "fill";
                            /** @example 800 */
                            height: number;
                            /** Format: uuid */
                            id: string;
                            is_default: boolean;
                            /**
                             * @description the layer images (signed links); absent layers are null
                             * @example {
                             *       "photo": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/photo.jpg?sig=3f9a",
                             *         "mime_type": "image/jpeg",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 22118
                             *       },
                             *       "shading": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/shading.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 300,
                             *         "height": 200,
                             *         "size_bytes": 1710
                             *       },
                             *       "highlight": null,
                             *       "mask": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/mask.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 10877
                             *       },
                             *       "displacement": null
                             *     }
                             */
                            layers: {
                                displacement: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                highlight: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                mask: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                photo: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                shading: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                            };
                            license: string | null;
                            /** @example Business card on a desk */
                            name: string;
                            /**
                             * @example {
                             *       "type": "quad",
                             *       "corners": [
                             *         [
                             *           300,
                             *           206
                             *         ],
                             *         [
                             *           898,
                             *           164
                             *         ],
                             *         [
                             *           925,
                             *           551
                             *         ],
                             *         [
                             *           327,
                             *           593
                             *         ]
                             *       ]
                             *     }
                             */
                            print_area: {
                                /** @description the design's top-left, top-right, bottom-right and bottom-left corners (perspective) */
                                corners: number[][];
                                /** @enum {string} */
                                type: "quad";
                            } | {
                                columns: number;
                                /** @description (rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces) */
                                points: number[][];
                                rows: number;
                                /** @enum {string} */
                                type: "mesh";
                            };
                            updated_at: string;
                            /**
                             * @description photo width in px: the coordinates’ space
                             * @example 1200
                             */
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMockupTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDefaultMockupTemplates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description width / height of the print area on the product */
                            aspect: number | null;
                            created_at: string;
                            description: string | null;
                            /** @description largest shift (photo px) the displacement layer gives the design */
                            displacement: {
                                x: number;
                                y: number;
                            } | null;
                            /** @description how a design of another shape than `aspect` is placed */
                            fit: "contain" | "cover" | "fill";
                            /** @example 800 */
                            height: number;
                            /** Format: uuid */
                            id: string;
                            is_default: boolean;
                            /**
                             * @description the layer images (signed links); absent layers are null
                             * @example {
                             *       "photo": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/photo.jpg?sig=3f9a",
                             *         "mime_type": "image/jpeg",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 22118
                             *       },
                             *       "shading": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/shading.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 300,
                             *         "height": 200,
                             *         "size_bytes": 1710
                             *       },
                             *       "highlight": null,
                             *       "mask": {
                             *         "url": "https://folio.example.com/v1/files/mockups/templates/mask.png?sig=3f9a",
                             *         "mime_type": "image/png",
                             *         "width": 1200,
                             *         "height": 800,
                             *         "size_bytes": 10877
                             *       },
                             *       "displacement": null
                             *     }
                             */
                            layers: {
                                displacement: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                highlight: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                mask: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                photo: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                                shading: {
                                    height: number;
                                    mime_type: string;
                                    size_bytes: number;
                                    /** Format: uri */
                                    url: string;
                                    width: number;
                                } | null;
                            };
                            license: string | null;
                            /** @example Business card on a desk */
                            name: string;
                            /**
                             * @example {
                             *       "type": "quad",
                             *       "corners": [
                             *         [
                             *           300,
                             *           206
                             *         ],
                             *         [
                             *           898,
                             *           164
                             *         ],
                             *         [
                             *           925,
                             *           551
                             *         ],
                             *         [
                             *           327,
                             *           593
                             *         ]
                             *       ]
                             *     }
                             */
                            print_area: {
                                /** @description the design's top-left, top-right, bottom-right and bottom-left corners (perspective) */
                                corners: number[][];
                                /** @enum {string} */
                                type: "quad";
                            } | {
                                columns: number;
                                /** @description (rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces) */
                                points: number[][];
                                rows: number;
                                /** @enum {string} */
                                type: "mesh";
                            };
                            updated_at: string;
                            /**
                             * @description photo width in px: the coordinates’ space
                             * @example 1200
                             */
                            width: number;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMockup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the design to show (or project_id) */
                    design_id?: string;
                    format?: "png" | "jpeg" | "webp";
                    /** @description a project: each of its designs (or design_id) */
                    project_id?: string;
                    /** @description a mockup template (the store’s or a default one) */
                    template_id?: string;
                    /** @description several templates at once (a job) */
                    template_ids?: string[];
                    /**
                     * @description image width in px; up to 1,000 a single mockup answers at once
                     * @default 1000
                     */
                    width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            design_id: string;
                            format: "png" | "jpeg" | "webp";
                            height: number;
                            template_id: string;
                            /**
                             * Format: uri
                             * @description signed link, valid 24 hours
                             */
                            url: string;
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            completed_at: string | null;
                            created_at: string;
                            design_id: string | null;
                            design_ids: string[];
                            error: string | null;
                            expires_at: string | null;
                            format: "png" | "jpeg" | "webp";
                            id: string;
                            mockups: {
                                design_id: string;
                                format: "png" | "jpeg" | "webp";
                                height: number;
                                template_id: string;
                                /**
                                 * Format: uri
                                 * @description signed link, valid 24 hours
                                 */
                                url: string;
                                width: number;
                            }[];
                            project_id: string | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            template_ids: string[];
                            /** @enum {string} */
                            type: "mockup";
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "publish" | "draft" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowed_file_types?: ("jpg" | "png" | "ai" | "pdf" | "svg" | "ps")[];
                    category_ids?: string[];
                    description?: string;
                    dimension_unit?: "inch" | "cm" | "mm";
                    dpi?: number;
                    dynamic_side?: boolean;
                    enable_design?: boolean;
                    enable_pod?: boolean;
                    enable_upload?: boolean;
                    max_file_upload?: number;
                    metadata?: unknown[];
                    min_jpg_dpi?: number;
                    name: string;
                    output_profile?: string | null;
                    parent_id?: string | null;
                    product_image_id?: string | null;
                    scale?: number;
                    status?: "publish" | "draft" | "trashed";
                    type_id?: "simple" | "variant" | "variant_option";
                    upload_max_filesize?: number;
                    viewport_height?: number;
                    viewport_width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowed_file_types?: ("jpg" | "png" | "ai" | "pdf" | "svg" | "ps")[];
                    category_ids?: string[];
                    description?: string;
                    dimension_unit?: "inch" | "cm" | "mm";
                    dpi?: number;
                    dynamic_side?: boolean;
                    enable_design?: boolean;
                    enable_pod?: boolean;
                    enable_upload?: boolean;
                    max_file_upload?: number;
                    metadata?: unknown[];
                    min_jpg_dpi?: number;
                    name?: string;
                    output_profile?: string | null;
                    parent_id?: string | null;
                    product_image_id?: string | null;
                    scale?: number;
                    status?: "publish" | "draft" | "trashed";
                    type_id?: "simple" | "variant" | "variant_option";
                    upload_max_filesize?: number;
                    viewport_height?: number;
                    viewport_width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProductDesigns: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description Embedded objects to build, comma-separated: `side`, `product`, `project`, `original_side`; `none` for none. Without it, all of them. Those left out are absent from the response (and their lookups are not made). */
                include?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "accepted" | "processing" | "declined" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side?: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product?: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project?: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side?: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProductDesigns: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProductSides: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProductSides: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchUpdateProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    products: {
                        allowed_file_types?: ("jpg" | "png" | "ai" | "pdf" | "svg" | "ps")[];
                        category_ids?: string[];
                        description?: string;
                        dimension_unit?: "inch" | "cm" | "mm";
                        dpi?: number;
                        dynamic_side?: boolean;
                        enable_design?: boolean;
                        enable_pod?: boolean;
                        enable_upload?: boolean;
                        id: string;
                        max_file_upload?: number;
                        metadata?: unknown[];
                        min_jpg_dpi?: number;
                        name?: string;
                        output_profile?: string | null;
                        parent_id?: string | null;
                        product_image_id?: string | null;
                        scale?: number;
                        status?: "publish" | "draft" | "trashed";
                        type_id?: "simple" | "variant" | "variant_option";
                        upload_max_filesize?: number;
                        viewport_height?: number;
                        viewport_width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    products: {
                        allowed_file_types?: ("jpg" | "png" | "ai" | "pdf" | "svg" | "ps")[];
                        category_ids?: string[];
                        description?: string;
                        dimension_unit?: "inch" | "cm" | "mm";
                        dpi?: number;
                        dynamic_side?: boolean;
                        enable_design?: boolean;
                        enable_pod?: boolean;
                        enable_upload?: boolean;
                        max_file_upload?: number;
                        metadata?: unknown[];
                        min_jpg_dpi?: number;
                        name: string;
                        output_profile?: string | null;
                        parent_id?: string | null;
                        product_image_id?: string | null;
                        scale?: number;
                        status?: "publish" | "draft" | "trashed";
                        type_id?: "simple" | "variant" | "variant_option";
                        upload_max_filesize?: number;
                        viewport_height?: number;
                        viewport_width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchDeleteProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    products: {
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProducts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectsViaAlias: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description the same as `search` */
                s?: string;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "processing" | "reviewing" | "accepted" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProjectViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                    code?: string;
                    /** @example Order #1042 — business cards */
                    name: string;
                    note?: string | null;
                    status?: "processing" | "reviewing" | "accepted" | "trashed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProjectViaAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProjectViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                    code?: string;
                    /** @example Order #1042 — business cards */
                    name?: string;
                    note?: string | null;
                    status?: "processing" | "reviewing" | "accepted" | "trashed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProjectViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectDesignsViaAlias: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description Embedded objects to build, comma-separated: `side`, `product`, `project`, `original_side`; `none` for none. Without it, all of them. Those left out are absent from the response (and their lookups are not made). */
                include?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "accepted" | "processing" | "declined" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side?: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product?: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project?: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side?: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProjectDesignsViaAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProjectPdfViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Text with a character no font has (not the layer's font, not one of the shipped script fallbacks) would print as a box: by default the job fails with an `error` naming the page, layer and characters (`page 1, layers[2]: no font has "…" (U+10FFFD)`); `true` prints it anyway, with a MISSING_GLYPHS warning
                     * @default false
                     */
                    allow_missing_glyphs?: boolean;
                    /** @description CMYK only (a 400 for rgb); default true: 100 % black (#000000, opaque) text of any size, and lines or shapes at most 2 pt thin, overprint the colours under them instead of knocking them out; `false` knocks out */
                    black_overprint?: boolean;
                    /** @description `cmyk` converts every colour and image through the output profile (ICC); default `rgb`, or `cmyk` when `pdf_standard` is a PDF/X */
                    color_mode?: "rgb" | "cmyk";
                    /**
                     * @description Crop marks at the trim corners in a 0.25 in slug (MediaBox grows; TrimBox and BleedBox stay)
                     * @default false
                     */
                    crop_marks?: boolean;
                    /** @description CMYK only (a 400 for rgb); default false: placed PDF artwork keeps the output profile's four-colour mix for its black and greys; by default its neutral RGB/grey colours print on K alone */
                    keep_artwork_rich_black?: boolean;
                    /** @description CMYK output profile (printing condition) id among those installed: `fogra39` (FOGRA39, ISO coated), `fogra29` (FOGRA29, ISO uncoated), `gracol2006` (CGATS TR 006), `swop` (CGATS TR 003); also Ghostscript's `gs_swop` and `ps_cmyk`. Left out: the default of the design's product, else the store's, else `swop`. An unknown id is a 400 naming the installed ones */
                    output_profile?: string;
                    /** @description `pdf_x4` (default for `cmyk`: live transparency kept) or `pdf_x1a` (no transparency, PDF 1.3) write a PDF/X file with an OutputIntent embedding the output profile; `none` is the default for `rgb`. A PDF/X file is CMYK: `color_mode: rgb` with a PDF/X standard is a 400 */
                    pdf_standard?: "none" | "pdf_x4" | "pdf_x1a";
                    rich_black?: {
                        c: number;
                        k: number;
                        m: number;
                        y: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Whether text with characters no font has prints (with a MISSING_GLYPHS warning) instead of failing the job */
                            allow_missing_glyphs: boolean;
                            black_overprint: boolean | null;
                            color_mode: "rgb" | "cmyk";
                            completed_at: string | null;
                            created_at: string;
                            crop_marks: boolean;
                            design_id: string | null;
                            /** @description The designs printed, one page each, in page order */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            keep_artwork_rich_black: boolean | null;
                            output_profile: {
                                /** @description The ICC profile's description */
                                description: string;
                                id: string;
                                /** @description OutputConditionIdentifier written in a PDF/X OutputIntent */
                                output_condition_identifier: string;
                            } | null;
                            /** @description Page boxes of each page */
                            pages: {
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                bleed_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                media_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                trim_box: number[];
                            }[];
                            pdf_standard: "none" | "pdf_x4" | "pdf_x1a";
                            pdf_url: string | null;
                            project_id: string | null;
                            rich_black: {
                                c: number;
                                k: number;
                                m: number;
                                y: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "pdf";
                            warnings: {
                                /** @description LOW_RESOLUTION, FONT_FALLBACK, MISSING_GLYPHS, UNSUPPORTED_FEATURE, OUTSIDE_SAFE_ZONE, RASTERIZED_ARTWORK or TRANSPARENCY_FLATTENED (PDF/X-1a) */
                                code: string;
                                details?: {
                                    [key: string]: unknown;
                                };
                                layer?: string;
                                message: string;
                                /** @description 1-based page (one per design) */
                                page: number;
                            }[];
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectProductsViaAlias: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "publish" | "draft" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProjectProductsViaAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchUpdateProjectsViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                        code?: string;
                        id: string;
                        /** @example Order #1042 — business cards */
                        name?: string;
                        note?: string | null;
                        status?: "processing" | "reviewing" | "accepted" | "trashed";
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateProjectsViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                        code?: string;
                        /** @example Order #1042 — business cards */
                        name: string;
                        note?: string | null;
                        status?: "processing" | "reviewing" | "accepted" | "trashed";
                    }[] | {
                        /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                        code?: string;
                        /** @example Order #1042 — business cards */
                        name: string;
                        note?: string | null;
                        status?: "processing" | "reviewing" | "accepted" | "trashed";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchDeleteProjectsViaAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProjectsViaAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description the same as `search` */
                s?: string;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "processing" | "reviewing" | "accepted" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                    code?: string;
                    /** @example Order #1042 — business cards */
                    name: string;
                    note?: string | null;
                    status?: "processing" | "reviewing" | "accepted" | "trashed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                    code?: string;
                    /** @example Order #1042 — business cards */
                    name?: string;
                    note?: string | null;
                    status?: "processing" | "reviewing" | "accepted" | "trashed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectDesigns: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description Embedded objects to build, comma-separated: `side`, `product`, `project`, `original_side`; `none` for none. Without it, all of them. Those left out are absent from the response (and their lookups are not made). */
                include?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "accepted" | "processing" | "declined" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            design_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            design_image_id: string | null;
                            id: string;
                            is_uploader: boolean;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            original_output_options: {
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                            };
                            original_side?: {
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            };
                            preview_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            preview_image_id: string | null;
                            product?: {
                                allowed_file_types: string[];
                                category_ids: string[];
                                created_at: string;
                                description: string | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                dynamic_side: boolean;
                                enable_design: boolean;
                                enable_pod: boolean;
                                enable_upload: boolean;
                                id: string;
                                max_file_upload: number;
                                metadata: unknown[];
                                min_jpg_dpi: number;
                                name: string;
                                output_profile: string | null;
                                parent_id: string | null;
                                product_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                product_image_id: string | null;
                                scale: number | null;
                                status: "publish" | "draft" | "trashed";
                                type_id: string;
                                updated_at: string;
                                upload_max_filesize: number | null;
                                viewport_height: number | null;
                                viewport_width: number | null;
                            } | null;
                            product_id: string | null;
                            project?: {
                                code: string;
                                created_at: string;
                                id: string;
                                name: string;
                                note: string | null;
                                status: "processing" | "reviewing" | "accepted" | "trashed";
                                updated_at: string;
                            } | null;
                            project_id: string | null;
                            side?: ({
                                background_included: boolean;
                                bg_color_value: string | null;
                                bg_type: "color" | "image" | "transparent";
                                /** @description Edges in the product's dimension_unit */
                                bleed: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                created_at: string;
                                cut_line_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                design_area: {
                                    height: number;
                                    left: number;
                                    top: number;
                                    width: number;
                                } | null;
                                dimension_unit: "inch" | "cm" | "mm";
                                dpi: number;
                                height: number;
                                id: string;
                                img_overlay: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                img_overlay_id: string | null;
                                include_overlay: boolean;
                                name: string;
                                product_id: string;
                                /** @description Edges in the product's dimension_unit */
                                safe_zone: {
                                    bottom: number;
                                    left: number;
                                    right: number;
                                    top: number;
                                };
                                safe_zone_margin: {
                                    x: number;
                                    y: number;
                                } | null;
                                scale: number;
                                show_cut_line: boolean;
                                show_overlay: boolean;
                                show_safe_zone: boolean;
                                side_image: {
                                    alt: string;
                                    created_at: string;
                                    height: number | null;
                                    id: string;
                                    is_default: boolean;
                                    license: string | null;
                                    mime_type: string;
                                    name: string;
                                    size_bytes: number;
                                    thumbnails: {
                                        custom: string | null;
                                        medium: string | null;
                                        small: string | null;
                                    };
                                    type: ("cliparts" | "designs") | null;
                                    updated_at: string;
                                    /** @description Signed link, valid 24 hours */
                                    url: string;
                                    width: number | null;
                                } | null;
                                side_image_id: string | null;
                                side_image_size: {
                                    height: number;
                                    width: number;
                                } | null;
                                status: "publish" | "draft" | "trashed";
                                updated_at: string;
                                width: number;
                            } & {
                                ratio: number;
                            }) | null;
                            side_id: string;
                            status: "accepted" | "processing" | "declined" | "trashed";
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProjectDesigns: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProjectPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Text with a character no font has (not the layer's font, not one of the shipped script fallbacks) would print as a box: by default the job fails with an `error` naming the page, layer and characters (`page 1, layers[2]: no font has "…" (U+10FFFD)`); `true` prints it anyway, with a MISSING_GLYPHS warning
                     * @default false
                     */
                    allow_missing_glyphs?: boolean;
                    /** @description CMYK only (a 400 for rgb); default true: 100 % black (#000000, opaque) text of any size, and lines or shapes at most 2 pt thin, overprint the colours under them instead of knocking them out; `false` knocks out */
                    black_overprint?: boolean;
                    /** @description `cmyk` converts every colour and image through the output profile (ICC); default `rgb`, or `cmyk` when `pdf_standard` is a PDF/X */
                    color_mode?: "rgb" | "cmyk";
                    /**
                     * @description Crop marks at the trim corners in a 0.25 in slug (MediaBox grows; TrimBox and BleedBox stay)
                     * @default false
                     */
                    crop_marks?: boolean;
                    /** @description CMYK only (a 400 for rgb); default false: placed PDF artwork keeps the output profile's four-colour mix for its black and greys; by default its neutral RGB/grey colours print on K alone */
                    keep_artwork_rich_black?: boolean;
                    /** @description CMYK output profile (printing condition) id among those installed: `fogra39` (FOGRA39, ISO coated), `fogra29` (FOGRA29, ISO uncoated), `gracol2006` (CGATS TR 006), `swop` (CGATS TR 003); also Ghostscript's `gs_swop` and `ps_cmyk`. Left out: the default of the design's product, else the store's, else `swop`. An unknown id is a 400 naming the installed ones */
                    output_profile?: string;
                    /** @description `pdf_x4` (default for `cmyk`: live transparency kept) or `pdf_x1a` (no transparency, PDF 1.3) write a PDF/X file with an OutputIntent embedding the output profile; `none` is the default for `rgb`. A PDF/X file is CMYK: `color_mode: rgb` with a PDF/X standard is a 400 */
                    pdf_standard?: "none" | "pdf_x4" | "pdf_x1a";
                    rich_black?: {
                        c: number;
                        k: number;
                        m: number;
                        y: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Whether text with characters no font has prints (with a MISSING_GLYPHS warning) instead of failing the job */
                            allow_missing_glyphs: boolean;
                            black_overprint: boolean | null;
                            color_mode: "rgb" | "cmyk";
                            completed_at: string | null;
                            created_at: string;
                            crop_marks: boolean;
                            design_id: string | null;
                            /** @description The designs printed, one page each, in page order */
                            design_ids: string[];
                            error: string | null;
                            error_code: string | null;
                            expires_at: string | null;
                            id: string;
                            keep_artwork_rich_black: boolean | null;
                            output_profile: {
                                /** @description The ICC profile's description */
                                description: string;
                                id: string;
                                /** @description OutputConditionIdentifier written in a PDF/X OutputIntent */
                                output_condition_identifier: string;
                            } | null;
                            /** @description Page boxes of each page */
                            pages: {
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                bleed_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                media_box: number[];
                                /** @description [x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them */
                                trim_box: number[];
                            }[];
                            pdf_standard: "none" | "pdf_x4" | "pdf_x1a";
                            pdf_url: string | null;
                            project_id: string | null;
                            rich_black: {
                                c: number;
                                k: number;
                                m: number;
                                y: number;
                            } | null;
                            size_bytes: number | null;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @enum {string} */
                            type: "pdf";
                            warnings: {
                                /** @description LOW_RESOLUTION, FONT_FALLBACK, MISSING_GLYPHS, UNSUPPORTED_FEATURE, OUTSIDE_SAFE_ZONE, RASTERIZED_ARTWORK or TRANSPARENCY_FLATTENED (PDF/X-1a) */
                                code: string;
                                details?: {
                                    [key: string]: unknown;
                                };
                                layer?: string;
                                message: string;
                                /** @description 1-based page (one per design) */
                                page: number;
                            }[];
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectProducts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "publish" | "draft" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_file_types: string[];
                            category_ids: string[];
                            created_at: string;
                            description: string | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            dynamic_side: boolean;
                            enable_design: boolean;
                            enable_pod: boolean;
                            enable_upload: boolean;
                            id: string;
                            max_file_upload: number;
                            metadata: unknown[];
                            min_jpg_dpi: number;
                            name: string;
                            output_profile: string | null;
                            parent_id: string | null;
                            product_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            product_image_id: string | null;
                            scale: number | null;
                            status: "publish" | "draft" | "trashed";
                            type_id: string;
                            updated_at: string;
                            upload_max_filesize: number | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProjectProducts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchUpdateProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                        code?: string;
                        id: string;
                        /** @example Order #1042 — business cards */
                        name?: string;
                        note?: string | null;
                        status?: "processing" | "reviewing" | "accepted" | "trashed";
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                        code?: string;
                        /** @example Order #1042 — business cards */
                        name: string;
                        note?: string | null;
                        status?: "processing" | "reviewing" | "accepted" | "trashed";
                    }[] | {
                        /** @description Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted */
                        code?: string;
                        /** @example Order #1042 — business cards */
                        name: string;
                        note?: string | null;
                        status?: "processing" | "reviewing" | "accepted" | "trashed";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            created_at: string;
                            id: string;
                            name: string;
                            note: string | null;
                            status: "processing" | "reviewing" | "accepted" | "trashed";
                            updated_at: string;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchDeleteProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countProjects: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description "ok", or "unavailable: <reason>", per dependency
                         * @example {
                         *       "database": "ok",
                         *       "queue": "ok",
                         *       "blobs": "ok"
                         *     }
                         */
                        checks: {
                            [key: string]: string;
                        };
                        status: "ready" | "unavailable";
                    };
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description "ok", or "unavailable: <reason>", per dependency
                         * @example {
                         *       "database": "ok",
                         *       "queue": "ok",
                         *       "blobs": "ok"
                         *     }
                         */
                        checks: {
                            [key: string]: string;
                        };
                        status: "ready" | "unavailable";
                    };
                };
            };
        };
    };
    createBgRemoveJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 0 hard cut … 10 feathered (default 3) */
                    edge_softness?: number;
                    /** @description refine edges at full resolution (default false) */
                    high_detail_mode?: boolean;
                    /** @description Addition: the id of an image of one of the caller's stores (`POST /images`), instead of `image_url`; another account's image is 404 */
                    image_id?: string;
                    /**
                     * Format: http-url
                     * @description http(s) URL of a JPEG, PNG or WebP image. Folio's own signed file links (`/v1/files/…`, e.g. an uploaded image's `url`) are read directly; any other URL is fetched by the safe fetcher.
                     */
                    image_url?: string;
                    output_background?: "transparent" | "white";
                    subject_type?: "auto" | "person" | "product" | "logo" | "text" | "hair_heavy";
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        edge_softness: number;
                        high_detail_mode: boolean;
                        job_id: string;
                        output_background: "transparent" | "white";
                        output_url: string | null;
                        provider: string;
                        status: "pending" | "processing" | "completed" | "failed";
                        subject_type: "auto" | "person" | "product" | "logo" | "text" | "hair_heavy";
                        tokens_deducted: number;
                        wallet_transaction_id: string | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INSUFFICIENT_TOKENS: {error, balance, shortfall, top_up_url} */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientTokens"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBgRemoveJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        edge_softness: number;
                        error_message: string | null;
                        high_detail_mode: boolean;
                        job_id: string;
                        output_background: "transparent" | "white";
                        output_url: string | null;
                        provider: string;
                        status: "pending" | "processing" | "completed" | "failed";
                        subject_type: "auto" | "person" | "product" | "logo" | "text" | "hair_heavy";
                        tokens_deducted: number;
                        wallet_transaction_id: string | null;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPreflightAiJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    options?: {
                        /** @description any of upscale_resolution_2x, upscale_resolution_4x, add_bleed, remove_transparency, sharpen_edges, resize_to_spec, convert_color_mode, full_prepress; derived from the report's issues when omitted */
                        fixTypes?: string[];
                        /** @description full_prepress output: pdf_x1a (PDF/X-1a:2001, transparency flattened; the default) or pdf_x4 (PDF/X-4, transparency kept live) */
                        pdfStandard?: "pdf_x1a" | "pdf_x4";
                        targetDpi?: number;
                    };
                    preflightReportId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            estimatedTokenCost: {
                                max: number;
                                min: number;
                            };
                            fixTypes: string[];
                            jobId: string;
                            preflightReportId: string;
                            /** @enum {string} */
                            status: "analyzing";
                            tokens_deducted: number;
                            tokensDeducted: number;
                            wallet_transaction_id: string | null;
                            walletTransactionId: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wallet balance too low */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        /** @enum {string} */
                        error: "INSUFFICIENT_TOKENS";
                        shortfall: number;
                        top_up_url: string;
                    };
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPreflightAiJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            appliedFixes: string[];
                            completedAt: string | null;
                            correctedFileType: ("jpeg" | "png" | "tiff" | "pdf") | null;
                            /** @description link valid 24 hours; null until completed and after reject */
                            correctedFileUrl: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            errorMessage: string | null;
                            estimatedTokenCost: {
                                max: number;
                                min: number;
                            };
                            fixTypes: string[];
                            jobId: string;
                            notes: string[];
                            /** @description the PDF/X standard full_prepress writes; null when the job has no full_prepress */
                            pdfStandard: "pdf_x1a" | "pdf_x4" | null;
                            preflightReportId: string;
                            refundTransactionId: string | null;
                            resolvedReportId: string | null;
                            review: "approved" | "rejected" | null;
                            status: "analyzing" | "applying" | "completed" | "failed";
                            targetDpi: number | null;
                            tokens_deducted: number;
                            tokensDeducted: number;
                            tokensRefunded: number;
                            wallet_transaction_id: string | null;
                            walletTransactionId: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approvePreflightAiJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description a link to the approved corrected file, valid 24 hours */
                            approvedFileUrl: string;
                            /** @description the catalog Image the approved file became, in the store the job was created for (the X-Service-Store-Sid sent with the JWT at POST /services/preflight/ai-jobs); listed by GET /images of that store. null when the job was created with the JWT alone: preflight belongs to the account, images to a store, and the job names none (the file stays at approvedFileUrl). */
                            imageId: string | null;
                            jobId: string;
                            resolvedReportId: string;
                            /** @enum {string} */
                            review: "approved";
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectPreflightAiJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            jobId: string;
                            /** @enum {string} */
                            review: "rejected";
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPreflightChecks: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the report's `designId`; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            designId: string;
                            /** @description as detected from the content */
                            fileType: ("jpeg" | "png" | "tiff" | "pdf") | null;
                            /** @description the URL checked; for a report on an approved corrected file, a link valid 24 hours */
                            fileUrl: string | null;
                            issues: {
                                code: string;
                                details: {
                                    [key: string]: unknown;
                                };
                                fixType: string | null;
                                message: string;
                                severity: "error" | "warning";
                            }[];
                            notes: string[];
                            reportId: string;
                            /** @description the AI fix job whose approved file this report checked */
                            sourceJobId: string | null;
                            spec: {
                                canvasHeightInches?: number;
                                canvasWidthInches?: number;
                                fileType?: "jpeg" | "png" | "tiff" | "pdf";
                                productProfile?: {
                                    /** @description bleed required on every side, mm */
                                    bleedMm?: number;
                                    /** @description `cmyk` is checked; other values are accepted and not checked */
                                    requiredColorMode?: string;
                                    /** @description minimum effective resolution, PPI */
                                    requiredDpi?: number;
                                };
                                /** @description product type; sets the minimum PPI */
                                productType?: "photo_on_canvas" | "poster" | "wallpaper" | "framed_print" | "wrapping_paper" | "stock_canvas";
                            };
                            status: "passed" | "warnings" | "failed";
                            summary: {
                                [key: string]: unknown;
                            } | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPreflightCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description trim height, inches (with canvasWidthInches) */
                    canvasHeightInches?: number;
                    /** @description trim width, inches (with canvasHeightInches) */
                    canvasWidthInches?: number;
                    designId: string;
                    fileType?: "jpeg" | "png" | "tiff" | "pdf";
                    /**
                     * Format: http-url
                     * @description http(s) URL of a JPEG, PNG, TIFF or PDF
                     */
                    fileUrl: string;
                    productProfile?: {
                        /** @description bleed required on every side, mm */
                        bleedMm?: number;
                        /** @description `cmyk` is checked; other values are accepted and not checked */
                        requiredColorMode?: string;
                        /** @description minimum effective resolution, PPI */
                        requiredDpi?: number;
                    };
                    /** @description product type; sets the minimum PPI */
                    productType?: "photo_on_canvas" | "poster" | "wallpaper" | "framed_print" | "wrapping_paper" | "stock_canvas";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            designId: string;
                            /** @description as detected from the content */
                            fileType: ("jpeg" | "png" | "tiff" | "pdf") | null;
                            /** @description the URL checked; for a report on an approved corrected file, a link valid 24 hours */
                            fileUrl: string | null;
                            issues: {
                                code: string;
                                details: {
                                    [key: string]: unknown;
                                };
                                fixType: string | null;
                                message: string;
                                severity: "error" | "warning";
                            }[];
                            notes: string[];
                            reportId: string;
                            /** @description the AI fix job whose approved file this report checked */
                            sourceJobId: string | null;
                            spec: {
                                canvasHeightInches?: number;
                                canvasWidthInches?: number;
                                fileType?: "jpeg" | "png" | "tiff" | "pdf";
                                productProfile?: {
                                    /** @description bleed required on every side, mm */
                                    bleedMm?: number;
                                    /** @description `cmyk` is checked; other values are accepted and not checked */
                                    requiredColorMode?: string;
                                    /** @description minimum effective resolution, PPI */
                                    requiredDpi?: number;
                                };
                                /** @description product type; sets the minimum PPI */
                                productType?: "photo_on_canvas" | "poster" | "wallpaper" | "framed_print" | "wrapping_paper" | "stock_canvas";
                            };
                            status: "passed" | "warnings" | "failed";
                            summary: {
                                [key: string]: unknown;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPreflightCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reportId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            designId: string;
                            /** @description as detected from the content */
                            fileType: ("jpeg" | "png" | "tiff" | "pdf") | null;
                            /** @description the URL checked; for a report on an approved corrected file, a link valid 24 hours */
                            fileUrl: string | null;
                            issues: {
                                code: string;
                                details: {
                                    [key: string]: unknown;
                                };
                                fixType: string | null;
                                message: string;
                                severity: "error" | "warning";
                            }[];
                            notes: string[];
                            reportId: string;
                            /** @description the AI fix job whose approved file this report checked */
                            sourceJobId: string | null;
                            spec: {
                                canvasHeightInches?: number;
                                canvasWidthInches?: number;
                                fileType?: "jpeg" | "png" | "tiff" | "pdf";
                                productProfile?: {
                                    /** @description bleed required on every side, mm */
                                    bleedMm?: number;
                                    /** @description `cmyk` is checked; other values are accepted and not checked */
                                    requiredColorMode?: string;
                                    /** @description minimum effective resolution, PPI */
                                    requiredDpi?: number;
                                };
                                /** @description product type; sets the minimum PPI */
                                productType?: "photo_on_canvas" | "poster" | "wallpaper" | "framed_print" | "wrapping_paper" | "stock_canvas";
                            };
                            status: "passed" | "warnings" | "failed";
                            summary: {
                                [key: string]: unknown;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePreflightCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reportId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        /** @example Deleted successfully */
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    scorePreflightDpi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description printed height, inches */
                    canvasHeightInches: number;
                    /** @description printed width, inches */
                    canvasWidthInches: number;
                    /** @description image height, pixels */
                    heightPx: number;
                    /** @description product type; sets the minimum PPI */
                    productType: "photo_on_canvas" | "poster" | "wallpaper" | "framed_print" | "wrapping_paper" | "stock_canvas";
                    /** @description image width, pixels */
                    widthPx: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description min(widthPx/canvasWidthInches, heightPx/canvasHeightInches), rounded */
                            effectivePpi: number;
                            /** @description Excellent, Good, Fair, Poor or Very poor */
                            label: string;
                            minPpi: number;
                            /** @description product type; sets the minimum PPI */
                            productType: "photo_on_canvas" | "poster" | "wallpaper" | "framed_print" | "wrapping_paper" | "stock_canvas";
                            stars: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStudioAgencies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's agencies */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStudioAgency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    agency_type: "school" | "sports" | "corporate" | "yearbook" | "childcare" | "designer";
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new agency (also under `agency` and `data`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStudioAgencyJobs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agencyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agency's studio jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStudioAgencyJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agencyId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    icp_type: "school" | "corporate" | "sports" | "childcare";
                    name: string;
                    status?: string;
                };
            };
        };
        responses: {
            /** @description The new studio job (also under `job` and `data`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadStudioJobFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agencyId: number;
                jobId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description one part per file; the parts may also be named file, files[] or files */
                    "file[]": string[];
                };
            };
        };
        responses: {
            /** @description The stored files and their numeric ids */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStudioAgencySubjects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agencyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agency's subjects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStudioAgencySubject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agencyId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    class_name?: string | null;
                    name: string;
                    reference_photo_url?: string | null;
                    student_id: string;
                } | {
                    subjects: {
                        class_name?: string | null;
                        name: string;
                        reference_photo_url?: string | null;
                        student_id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The subjects created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStudioFaceCrop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enhance?: boolean;
                    /** @enum {string} */
                    icp_type: "school" | "corporate" | "sports" | "childcare";
                    /** @description Addition: the id of an image of one of the caller's stores, instead of a URL; another account's image is 404 */
                    image_id?: string;
                    /** Format: http-url */
                    image_url?: string;
                    image_urls?: string[];
                };
            };
        };
        responses: {
            /** @description 200 with `results` for image URLs answered at once; 202 with a `task_id` when queued */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadStudioFaceCrop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * @description super-resolution before the crop (6 tokens an image instead of 2)
                     * @enum {string}
                     */
                    enhance?: "true" | "false" | "1" | "0" | "yes" | "no" | "on" | "off";
                    /** @description one part per file; the parts may also be named file, files[] or files */
                    "file[]": string[];
                    /** @enum {string} */
                    icp_type: "school" | "corporate" | "sports" | "childcare";
                };
            };
        };
        responses: {
            /** @description 200 with `results` for up to 5 files; 202 with a `task_id` to poll at GET /services/studio/jobs/{taskId} for more */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStudioJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task: status, progress and, once completed, `results` per file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStudioMatchJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                matchJobId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts so far, and `results` per file once completed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStudioMatchJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agency_id: number;
                    file_ids?: number[];
                    job_id?: number;
                    threshold?: number;
                };
            };
        };
        responses: {
            /** @description The match job, queued: poll GET /services/studio/matching/jobs/{matchJobId} */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    buildStudioMatchingReferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agency_id: number;
                };
            };
        };
        responses: {
            /** @description Embeddings built at once (below 20 subjects), or a `task_id` when queued */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateStudioQrSheet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    job_id: string;
                    /** @enum {string} */
                    layout?: "single" | "4up" | "9up";
                    /** Format: http-url */
                    logo_url?: string;
                    /** @enum {string} */
                    page_size?: "letter" | "a4";
                    school_name?: string;
                    subjects: {
                        class_name?: string;
                        name: string;
                        student_id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The card sheet PDF (a 24 h link) */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSides: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                status?: "publish" | "draft" | "trashed";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    background_included?: boolean;
                    bg_color_value?: string | null;
                    bg_type?: "color" | "image" | "transparent";
                    /** @description Edges in the product's dimension_unit */
                    bleed?: {
                        bottom: number;
                        left: number;
                        right: number;
                        top: number;
                    };
                    cut_line_margin?: {
                        x: number;
                        y: number;
                    };
                    design_area?: {
                        height: number;
                        left: number;
                        top: number;
                        width: number;
                    };
                    dpi?: number;
                    height: number;
                    img_overlay_id?: string | null;
                    include_overlay?: boolean;
                    name: string;
                    product_id: string;
                    /** @description Edges in the product's dimension_unit */
                    safe_zone?: {
                        bottom: number;
                        left: number;
                        right: number;
                        top: number;
                    };
                    safe_zone_margin?: {
                        x: number;
                        y: number;
                    };
                    scale?: number;
                    show_cut_line?: boolean;
                    show_overlay?: boolean;
                    show_safe_zone?: boolean;
                    side_image_id?: string | null;
                    side_image_size?: {
                        height: number;
                        width: number;
                    };
                    status?: "publish" | "draft" | "trashed";
                    width: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSide: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSide: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    background_included?: boolean;
                    bg_color_value?: string | null;
                    bg_type?: "color" | "image" | "transparent";
                    /** @description Edges in the product's dimension_unit */
                    bleed?: {
                        bottom: number;
                        left: number;
                        right: number;
                        top: number;
                    };
                    cut_line_margin?: {
                        x: number;
                        y: number;
                    };
                    design_area?: {
                        height: number;
                        left: number;
                        top: number;
                        width: number;
                    };
                    dpi?: number;
                    height?: number;
                    img_overlay_id?: string | null;
                    include_overlay?: boolean;
                    name?: string;
                    product_id?: string;
                    /** @description Edges in the product's dimension_unit */
                    safe_zone?: {
                        bottom: number;
                        left: number;
                        right: number;
                        top: number;
                    };
                    safe_zone_margin?: {
                        x: number;
                        y: number;
                    };
                    scale?: number;
                    show_cut_line?: boolean;
                    show_overlay?: boolean;
                    show_safe_zone?: boolean;
                    side_image_id?: string | null;
                    side_image_size?: {
                        height: number;
                        width: number;
                    };
                    status?: "publish" | "draft" | "trashed";
                    width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSide: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSideTemplates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchUpdateSides: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sides: {
                        background_included?: boolean;
                        bg_color_value?: string | null;
                        bg_type?: "color" | "image" | "transparent";
                        /** @description Edges in the product's dimension_unit */
                        bleed?: {
                            bottom: number;
                            left: number;
                            right: number;
                            top: number;
                        };
                        cut_line_margin?: {
                            x: number;
                            y: number;
                        };
                        design_area?: {
                            height: number;
                            left: number;
                            top: number;
                            width: number;
                        };
                        dpi?: number;
                        height?: number;
                        id: string;
                        img_overlay_id?: string | null;
                        include_overlay?: boolean;
                        name?: string;
                        product_id?: string;
                        /** @description Edges in the product's dimension_unit */
                        safe_zone?: {
                            bottom: number;
                            left: number;
                            right: number;
                            top: number;
                        };
                        safe_zone_margin?: {
                            x: number;
                            y: number;
                        };
                        scale?: number;
                        show_cut_line?: boolean;
                        show_overlay?: boolean;
                        show_safe_zone?: boolean;
                        side_image_id?: string | null;
                        side_image_size?: {
                            height: number;
                            width: number;
                        };
                        status?: "publish" | "draft" | "trashed";
                        width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateSides: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sides: {
                        background_included?: boolean;
                        bg_color_value?: string | null;
                        bg_type?: "color" | "image" | "transparent";
                        /** @description Edges in the product's dimension_unit */
                        bleed?: {
                            bottom: number;
                            left: number;
                            right: number;
                            top: number;
                        };
                        cut_line_margin?: {
                            x: number;
                            y: number;
                        };
                        design_area?: {
                            height: number;
                            left: number;
                            top: number;
                            width: number;
                        };
                        dpi?: number;
                        height: number;
                        img_overlay_id?: string | null;
                        include_overlay?: boolean;
                        name: string;
                        product_id: string;
                        /** @description Edges in the product's dimension_unit */
                        safe_zone?: {
                            bottom: number;
                            left: number;
                            right: number;
                            top: number;
                        };
                        safe_zone_margin?: {
                            x: number;
                            y: number;
                        };
                        scale?: number;
                        show_cut_line?: boolean;
                        show_overlay?: boolean;
                        show_safe_zone?: boolean;
                        side_image_id?: string | null;
                        side_image_size?: {
                            height: number;
                            width: number;
                        };
                        status?: "publish" | "draft" | "trashed";
                        width: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            background_included: boolean;
                            bg_color_value: string | null;
                            bg_type: "color" | "image" | "transparent";
                            /** @description Edges in the product's dimension_unit */
                            bleed: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            created_at: string;
                            cut_line_margin: {
                                x: number;
                                y: number;
                            } | null;
                            design_area: {
                                height: number;
                                left: number;
                                top: number;
                                width: number;
                            } | null;
                            dimension_unit: "inch" | "cm" | "mm";
                            dpi: number;
                            height: number;
                            id: string;
                            img_overlay: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            img_overlay_id: string | null;
                            include_overlay: boolean;
                            name: string;
                            product_id: string;
                            /** @description Edges in the product's dimension_unit */
                            safe_zone: {
                                bottom: number;
                                left: number;
                                right: number;
                                top: number;
                            };
                            safe_zone_margin: {
                                x: number;
                                y: number;
                            } | null;
                            scale: number;
                            show_cut_line: boolean;
                            show_overlay: boolean;
                            show_safe_zone: boolean;
                            side_image: {
                                alt: string;
                                created_at: string;
                                height: number | null;
                                id: string;
                                is_default: boolean;
                                license: string | null;
                                mime_type: string;
                                name: string;
                                size_bytes: number;
                                thumbnails: {
                                    custom: string | null;
                                    medium: string | null;
                                    small: string | null;
                                };
                                type: ("cliparts" | "designs") | null;
                                updated_at: string;
                                /** @description Signed link, valid 24 hours */
                                url: string;
                                width: number | null;
                            } | null;
                            side_image_id: string | null;
                            side_image_size: {
                                height: number;
                                width: number;
                            } | null;
                            status: "publish" | "draft" | "trashed";
                            updated_at: string;
                            width: number;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchDeleteSides: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sides: {
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countSides: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStorages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                type?: "product" | "clipart" | "template";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    parent_id?: string | null;
                    type?: "product" | "clipart" | "template";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                storage: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateStorage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storage: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    parent_id?: string | null;
                    type?: "product" | "clipart" | "template";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countStorages: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDefaultStorages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
                type?: "product" | "clipart" | "template";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            is_default: boolean;
                            name: string;
                            parent_id: string | null;
                            parent_storage_id: string | null;
                            type: "product" | "clipart" | "template";
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStores: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "name" | "id";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            google_font_api: string | null;
                            /** Format: uuid */
                            id: string;
                            integration_type: string | null;
                            is_integrated: boolean;
                            name: string;
                            /** @description Default CMYK output profile of the store's print and merge files (a product's own default comes first); null: the service default `swop` */
                            output_profile: string | null;
                            pexels_key: string | null;
                            pixabay_key: string | null;
                            /** @description Only with ?include=credentials */
                            secret?: string;
                            shop_url: string | null;
                            /** @description Only with ?include=credentials */
                            sid?: string;
                            /** @description Plan tier: free, pro, advanced, premium, enterprise */
                            tier: string;
                            timezone: string | null;
                            /** @description Only with ?include=credentials */
                            unauth_token?: string;
                            unsplash_key: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            view_store_url: string | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStore: {
        parameters: {
            query?: {
                /** @description `credentials` adds sid, secret and unauth_token (never for the public token) */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    google_font_api?: string | null;
                    /** @description Default CMYK output profile for print (`POST /designs/{id}/pdf`, `/projects/{id}/pdf`) and merge jobs that name none and whose product sets none: `fogra39`, `fogra29`, `gracol2006`, `swop` (or another installed id; unknown is a 400); null clears it */
                    output_profile?: string | null;
                    pexels?: string | null;
                    pixabay?: string | null;
                    shop_url?: string | null;
                    store_name: string;
                    timezone?: string | null;
                    unsplash?: string | null;
                    view_store_url?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            google_font_api: string | null;
                            /** Format: uuid */
                            id: string;
                            integration_type: string | null;
                            is_integrated: boolean;
                            name: string;
                            /** @description Default CMYK output profile of the store's print and merge files (a product's own default comes first); null: the service default `swop` */
                            output_profile: string | null;
                            pexels_key: string | null;
                            pixabay_key: string | null;
                            /** @description Only with ?include=credentials */
                            secret?: string;
                            shop_url: string | null;
                            /** @description Only with ?include=credentials */
                            sid?: string;
                            /** @description Plan tier: free, pro, advanced, premium, enterprise */
                            tier: string;
                            timezone: string | null;
                            /** @description Only with ?include=credentials */
                            unauth_token?: string;
                            unsplash_key: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            view_store_url: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStore: {
        parameters: {
            query?: {
                /** @description `credentials` adds sid, secret and unauth_token (never for the public token) */
                include?: string;
            };
            header?: never;
            path: {
                store: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            google_font_api: string | null;
                            /** Format: uuid */
                            id: string;
                            integration_type: string | null;
                            is_integrated: boolean;
                            name: string;
                            /** @description Default CMYK output profile of the store's print and merge files (a product's own default comes first); null: the service default `swop` */
                            output_profile: string | null;
                            pexels_key: string | null;
                            pixabay_key: string | null;
                            /** @description Only with ?include=credentials */
                            secret?: string;
                            shop_url: string | null;
                            /** @description Only with ?include=credentials */
                            sid?: string;
                            /** @description Plan tier: free, pro, advanced, premium, enterprise */
                            tier: string;
                            timezone: string | null;
                            /** @description Only with ?include=credentials */
                            unauth_token?: string;
                            unsplash_key: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            view_store_url: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                store: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    google_font_api?: string | null;
                    /** @description Default CMYK output profile for print (`POST /designs/{id}/pdf`, `/projects/{id}/pdf`) and merge jobs that name none and whose product sets none: `fogra39`, `fogra29`, `gracol2006`, `swop` (or another installed id; unknown is a 400); null clears it */
                    output_profile?: string | null;
                    pexels?: string | null;
                    pixabay?: string | null;
                    shop_url?: string | null;
                    store_name?: string;
                    timezone?: string | null;
                    unsplash?: string | null;
                    view_store_url?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            google_font_api: string | null;
                            /** Format: uuid */
                            id: string;
                            integration_type: string | null;
                            is_integrated: boolean;
                            name: string;
                            /** @description Default CMYK output profile of the store's print and merge files (a product's own default comes first); null: the service default `swop` */
                            output_profile: string | null;
                            pexels_key: string | null;
                            pixabay_key: string | null;
                            /** @description Only with ?include=credentials */
                            secret?: string;
                            shop_url: string | null;
                            /** @description Only with ?include=credentials */
                            sid?: string;
                            /** @description Plan tier: free, pro, advanced, premium, enterprise */
                            tier: string;
                            timezone: string | null;
                            /** @description Only with ?include=credentials */
                            unauth_token?: string;
                            unsplash_key: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            view_store_url: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                store: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStoreApiKeys: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "name";
            };
            header?: never;
            path: {
                store: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createStoreApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                store: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client addresses or CIDR ranges, IPv4 or IPv6; empty: any */
                    allowed_ips?: string[];
                    /** @description Browser origins (scheme://host[:port]) the key may be used from; empty: any */
                    allowed_origins?: string[];
                    /** @description A future date-time, or null for no expiry */
                    expires_at?: string | null;
                    /**
                     * @description `store_secret` (sk_live_, server side) or `store_publishable` (pk_live_, browsers; set allowed_origins)
                     * @default store_secret
                     */
                    kind?: "store_secret" | "store_publishable";
                    /** @description Label shown in lists and the audit trail */
                    name: string;
                    /** @description Omitted: the default set (secret keys: all; publishable keys: catalog:read designs:write), limited to the scopes the caller holds. Known scopes: catalog:read, catalog:write, assets:write, designs:read, designs:write, projects:read, projects:write, files:render, keys:read, keys:write, account:read, webhooks:write */
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        };
                        /** @description The secret. Shown in this response only; it cannot be read again. */
                        key: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStoreApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
                store: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStoreApiKeyEvents: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Not used by this list (accepted and ignored) */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date";
            };
            header?: never;
            path: {
                key: string;
                store: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            actor: {
                                id: string;
                                type: string;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            detail: {
                                [key: string]: unknown;
                            } | null;
                            event: "created" | "rotated" | "revoked" | "auth_succeeded" | "auth_failed" | "scope_denied";
                            /** Format: uuid */
                            id: string;
                            ip: string | null;
                            /** Format: uuid */
                            key_uuid: string;
                            method: string | null;
                            /** @description Why an attempt failed or was denied */
                            reason: string | null;
                            route: string | null;
                            user_agent: string | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateStoreApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
                store: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How long the old key keeps working (default 86400) */
                    grace_period_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            allowed_origins: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** @description Set by rotation: the old key works until then */
                            grace_until: string | null;
                            /** @description `store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account) */
                            kind: "store_secret" | "store_publishable" | "account";
                            /** @description Last 4 characters of the key */
                            last4: string;
                            name: string;
                            /** @description First 12 characters of the key, for recognising it */
                            prefix: string;
                            revoked_at: string | null;
                            /** @description The key this one replaced */
                            rotated_from: string | null;
                            scopes: string[];
                            /** @description Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active */
                            status: "active" | "grace" | "rotated" | "expired" | "revoked";
                            /** @description The store of a store key; null for an account key */
                            store_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: uuid
                             * @description Identifier, used as {key} in paths
                             */
                            uuid: string;
                        };
                        /** @description The secret. Shown in this response only; it cannot be read again. */
                        key: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreDetails: {
        parameters: {
            query?: {
                /** @description `credentials` adds sid, secret and unauth_token (never for the public token) */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            google_font_api: string | null;
                            /** Format: uuid */
                            id: string;
                            integration_type: string | null;
                            is_integrated: boolean;
                            name: string;
                            /** @description Default CMYK output profile of the store's print and merge files (a product's own default comes first); null: the service default `swop` */
                            output_profile: string | null;
                            pexels_key: string | null;
                            pixabay_key: string | null;
                            /** @description Only with ?include=credentials */
                            secret?: string;
                            shop_url: string | null;
                            /** @description Only with ?include=credentials */
                            sid?: string;
                            /** @description Plan tier: free, pro, advanced, premium, enterprise */
                            tier: string;
                            timezone: string | null;
                            /** @description Only with ?include=credentials */
                            unauth_token?: string;
                            unsplash_key: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            view_store_url: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeStoreTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            secret: string;
                            sid: string;
                            unauth_token: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Fabric.js objects, as a design's layers. Any layer may carry `locked: true` (the customizer lets the shopper neither move, edit nor delete it), text layers `placeholder: true`, and `field: {name, type: text|image|qr|barcode, fit?, min_font_size?, symbology?, …}`: a variable-data field that a design made from the template keeps and `POST /merge-jobs` fills (docs/variable-data.md) */
                    layers?: {
                        [key: string]: unknown;
                    }[];
                    name?: string;
                    note?: string | null;
                    preview_image_id?: string | null;
                    project_id?: string | null;
                    side_id: string;
                    template_image_id?: string | null;
                    viewport_height?: number;
                    viewport_width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Fabric.js objects, as a design's layers. Any layer may carry `locked: true` (the customizer lets the shopper neither move, edit nor delete it), text layers `placeholder: true`, and `field: {name, type: text|image|qr|barcode, fit?, min_font_size?, symbology?, …}`: a variable-data field that a design made from the template keeps and `POST /merge-jobs` fills (docs/variable-data.md) */
                    layers?: {
                        [key: string]: unknown;
                    }[];
                    name?: string;
                    note?: string | null;
                    preview_image_id?: string | null;
                    project_id?: string | null;
                    side_id?: string;
                    template_image_id?: string | null;
                    viewport_height?: number;
                    viewport_width?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTemplateFonts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            alias: string;
                            coverage: string[];
                            created_at: string;
                            family: string;
                            glyph_count: number;
                            id: string;
                            is_default: boolean;
                            license: string | null;
                            name: string;
                            size_bytes: number;
                            source_url: string | null;
                            style: string;
                            subset: string;
                            /** @description ttf, otf, woff or woff2 */
                            type: string;
                            updated_at: string;
                            url: string | null;
                            weight: number;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchUpdateTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    templates: {
                        id: string;
                        /** @description Fabric.js objects, as a design's layers. Any layer may carry `locked: true` (the customizer lets the shopper neither move, edit nor delete it), text layers `placeholder: true`, and `field: {name, type: text|image|qr|barcode, fit?, min_font_size?, symbology?, …}`: a variable-data field that a design made from the template keeps and `POST /merge-jobs` fills (docs/variable-data.md) */
                        layers?: {
                            [key: string]: unknown;
                        }[];
                        name?: string;
                        note?: string | null;
                        preview_image_id?: string | null;
                        project_id?: string | null;
                        side_id?: string;
                        template_image_id?: string | null;
                        viewport_height?: number;
                        viewport_width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCreateTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    templates: {
                        /** @description Fabric.js objects, as a design's layers. Any layer may carry `locked: true` (the customizer lets the shopper neither move, edit nor delete it), text layers `placeholder: true`, and `field: {name, type: text|image|qr|barcode, fit?, min_font_size?, symbology?, …}`: a variable-data field that a design made from the template keeps and `POST /merge-jobs` fills (docs/variable-data.md) */
                        layers?: {
                            [key: string]: unknown;
                        }[];
                        name?: string;
                        note?: string | null;
                        preview_image_id?: string | null;
                        project_id?: string | null;
                        side_id: string;
                        template_image_id?: string | null;
                        viewport_height?: number;
                        viewport_width?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            project_id: string | null;
                            side_id: string;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchDeleteTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    templates: {
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countDefaultTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDefaultTemplates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the name; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id" | "name";
            };
            header?: {
                /** @description The `ETag` of an earlier 200 of the same request: `304` while it is still current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: string;
                            /** @enum {boolean} */
                            is_default: true;
                            layers: {
                                [key: string]: unknown;
                            }[];
                            license: string;
                            name: string;
                            note: string | null;
                            preview_image_id: string | null;
                            print_size: {
                                /** @enum {string} */
                                dimension_unit: "mm";
                                height: number;
                                width: number;
                            };
                            project_id: string | null;
                            side_id: null;
                            template_image_id: string | null;
                            updated_at: string;
                            viewport: {
                                height: number;
                                width: number;
                            } | null;
                            viewport_height: number | null;
                            viewport_width: number | null;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Case-insensitive substring of the `callback_url`; `%`, `_` and `\` match themselves. Text of 3 or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            callback_url: string;
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            /** @description false after a 410 answer or sustained failure, or when paused; PUT enabled:true resumes */
                            enabled: boolean;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            /** @description until then the secret before the last rotation signs too */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_…`: only in the answer to creation and rotation */
                            secret?: string;
                            /** Format: uuid */
                            store_id: string;
                            topic: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: http-url
                     * @description http(s) URL on a public address; deliveries are POSTed here
                     */
                    callback_url: string;
                    /** @description Catalog topics: POST (default), PUT, DELETE and the BATCH forms; jobs: completed, failed; api_keys: rotated, revoked, expiring */
                    event?: "POST" | "PUT" | "DELETE" | "POST BATCH" | "PUT BATCH" | "DELETE BATCH" | "completed" | "failed" | "rotated" | "revoked" | "expiring";
                    topic: "projects" | "products" | "designs" | "templates" | "sides" | "jobs" | "api_keys" | "mockup_templates";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            callback_url: string;
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            /** @description false after a 410 answer or sustained failure, or when paused; PUT enabled:true resumes */
                            enabled: boolean;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            /** @description until then the secret before the last rotation signs too */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_…`: only in the answer to creation and rotation */
                            secret?: string;
                            /** Format: uuid */
                            store_id: string;
                            topic: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            callback_url: string;
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            /** @description false after a 410 answer or sustained failure, or when paused; PUT enabled:true resumes */
                            enabled: boolean;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            /** @description until then the secret before the last rotation signs too */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_…`: only in the answer to creation and rotation */
                            secret?: string;
                            /** Format: uuid */
                            store_id: string;
                            topic: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: http-url
                     * @description http(s) URL on a public address; deliveries are POSTed here
                     */
                    callback_url?: string;
                    enabled?: boolean;
                    /** @description Catalog topics: POST (default), PUT, DELETE and the BATCH forms; jobs: completed, failed; api_keys: rotated, revoked, expiring */
                    event?: "POST" | "PUT" | "DELETE" | "POST BATCH" | "PUT BATCH" | "DELETE BATCH" | "completed" | "failed" | "rotated" | "revoked" | "expiring";
                    topic?: "projects" | "products" | "designs" | "templates" | "sides" | "jobs" | "api_keys" | "mockup_templates";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            callback_url: string;
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            /** @description false after a 410 answer or sustained failure, or when paused; PUT enabled:true resumes */
                            enabled: boolean;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            /** @description until then the secret before the last rotation signs too */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_…`: only in the answer to creation and rotation */
                            secret?: string;
                            /** Format: uuid */
                            store_id: string;
                            topic: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Opaque cursor from links.next / links.prev / links.last */
                cursor?: string;
                /** @description `true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query */
                include_total?: boolean;
                /** @description Page size, 1-100 (default 20); above 100 answers 413 */
                limit?: number;
                /** @description Not used by this list (accepted and ignored) */
                search?: string;
                sort?: "asc" | "desc";
                sortBy?: "created_date" | "id";
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempt_count: number;
                            /** @description every HTTP attempt, oldest first */
                            attempts: {
                                created_at: string;
                                duration_ms: number;
                                error: string | null;
                                id: string;
                                /** @description first 1 KiB of the answer */
                                response_body: string | null;
                                status_code: number | null;
                            }[];
                            created_at: string;
                            delivered_at: string | null;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            last_error: string | null;
                            last_status_code: number | null;
                            /** @description the `webhook-id` header: the same on every attempt and redelivery */
                            message_id: string;
                            /** @description the JSON body sent */
                            payload: unknown;
                            status: "pending" | "succeeded" | "failed";
                            topic: string;
                            updated_at: string;
                            /** Format: uuid */
                            webhook_id: string;
                        }[];
                        links: {
                            first: string;
                            last: string;
                            next: string | null;
                            prev: string | null;
                        };
                        message: string;
                        meta: {
                            path: string;
                            per_page: number;
                            /** @description with `include_total=true`: rows in the whole list, every page */
                            total?: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempt_count: number;
                            /** @description every HTTP attempt, oldest first */
                            attempts: {
                                created_at: string;
                                duration_ms: number;
                                error: string | null;
                                id: string;
                                /** @description first 1 KiB of the answer */
                                response_body: string | null;
                                status_code: number | null;
                            }[];
                            created_at: string;
                            delivered_at: string | null;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            last_error: string | null;
                            last_status_code: number | null;
                            /** @description the `webhook-id` header: the same on every attempt and redelivery */
                            message_id: string;
                            /** @description the JSON body sent */
                            payload: unknown;
                            status: "pending" | "succeeded" | "failed";
                            topic: string;
                            updated_at: string;
                            /** Format: uuid */
                            webhook_id: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempt_count: number;
                            /** @description every HTTP attempt, oldest first */
                            attempts: {
                                created_at: string;
                                duration_ms: number;
                                error: string | null;
                                id: string;
                                /** @description first 1 KiB of the answer */
                                response_body: string | null;
                                status_code: number | null;
                            }[];
                            created_at: string;
                            delivered_at: string | null;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            last_error: string | null;
                            last_status_code: number | null;
                            /** @description the `webhook-id` header: the same on every attempt and redelivery */
                            message_id: string;
                            /** @description the JSON body sent */
                            payload: unknown;
                            status: "pending" | "succeeded" | "failed";
                            topic: string;
                            updated_at: string;
                            /** Format: uuid */
                            webhook_id: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description how long the old secret keeps signing beside the new one (default 86400) */
                    grace_period_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            callback_url: string;
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            /** @description false after a 410 answer or sustained failure, or when paused; PUT enabled:true resumes */
                            enabled: boolean;
                            event: string;
                            /** Format: uuid */
                            id: string;
                            /** @description until then the secret before the last rotation signs too */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_…`: only in the answer to creation and rotation */
                            secret?: string;
                            /** Format: uuid */
                            store_id: string;
                            topic: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found or not visible to the credential */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description Missing, unacceptable or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the required scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
