/**
 * Generated from packages/client/openapi.json by openapi-typescript.
 * Do not edit: run `npm run generate` (scripts/generate.ts).
 * tests/contract/drift.test.ts fails when this file no longer matches the document.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness probe (public) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description alive */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API reference: /openapi.json rendered for people (public) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operations/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Webhook executor callback, signed with HMAC-SHA256 in X-Regatta-Signature */
        post: {
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
                    "application/json": components["schemas"]["ExecutorEvent"];
                };
            };
            responses: {
                /** @description accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            applied: boolean;
                        };
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tokens (admin), without secrets */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["TokenSummary"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create a token (admin); the secret is shown only in this answer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TokenInput"];
                };
            };
            responses: {
                /** @description the new token and its secret */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenCreated"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling token: its name, role and grants (any role) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the calling token */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenSelf"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a token (admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/executor-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the fleet its own executor key (admin); shown only in this answer
         * @description SEC-7: callbacks on this fleet's operations may then be signed with this key as well as WEBHOOK_SECRET. Each call makes a new key and retires the previous one. Nothing secret is stored: the key is derived from WEBHOOK_SECRET and a stored random salt, so changing WEBHOOK_SECRET changes it too.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the fleet's new key */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExecutorKeyCreated"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Revoke the fleet's executor key (admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/machine-types/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A machine type */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the machine type */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MachineType"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a machine type (admin) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MachineTypeInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MachineType"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MachineType"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a machine type (admin); 409 while reservations or node pools use it */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/machine-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Machine types by name */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of machine types */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["MachineType"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{zone}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A zone */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    zone: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the zone */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Zone"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a zone (admin) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    zone: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ZoneInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Zone"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Zone"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a zone (admin); 409 while reservations use it */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    zone: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Zones by name */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of zones */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Zone"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reservations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reservation */
        get: {
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
                /** @description the reservation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Reservation"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a reservation (admin); 422 when its zone or machine type is unknown */
        put: {
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
                    "application/json": components["schemas"]["ReservationInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Reservation"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Reservation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a reservation (admin) */
        delete: {
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
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reservations by id */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of reservations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Reservation"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A fleet */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the fleet */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Fleet"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create a fleet (admin) or touch an existing one (its operators) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FleetInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Fleet"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Fleet"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a fleet and its team scopes (admin); 409 while it has clusters */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fleets the token may read, by name */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of fleets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Fleet"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/scopes/{scope}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A team scope with the names of its clusters */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    scope: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the scope */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scope"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or touch a team scope in a fleet; 404 when the fleet is unknown */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    scope: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScopeInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scope"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scope"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a team scope and its memberships; its clusters stay in the fleet */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    scope: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/scopes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fleet's team scopes the token may read, by name (without members) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of scopes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Scope"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/releases/{release}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A release */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    release: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the release */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Release"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Publish or replace a release (admin): targets per minor are a patch of that minor or a version of the next (CH-1, VER-4) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    release: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ReleaseInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Release"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Release"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Releases by name */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of releases */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Release"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channel}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A channel's current auto-upgrade targets: later releases win per minor (CH-1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    channel: components["schemas"]["ReleaseChannel"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the channel's targets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Channel"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A cluster with its observed status and next window opening (MW-3) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the cluster */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cluster"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Register or replace a cluster; a new version is a desired version (VER-2/3/4/6/8) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClusterInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cluster"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cluster"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a cluster with its node pools and nodes */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Clusters the token may read, optionally of one fleet */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    fleet?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of clusters */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Cluster"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools/{pool}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A node pool */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the node pool */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NodePool"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a node pool and its nodes (VER-7: not newer than the control plane) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NodePoolInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NodePool"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NodePool"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a node pool and its nodes */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The node pools of a cluster */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of node pools */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["NodePool"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The nodes of a cluster (optionally of one pool) with state and blue/green colour */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    pool?: string;
                };
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of nodes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Node"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools/{pool}/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upgrade a node pool with its strategy (NUP-1): surge, blue-green, autoscaled blue-green, short-lived */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NodePoolUpgradeInput"];
                };
            };
            responses: {
                /** @description the operation, running */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools/{pool}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause the pool's upgrade (NUP-7, NUP-9) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the operation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools/{pool}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a cancelled upgrade (NUP-7, NUP-9) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the operation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools/{pool}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Roll back a partially upgraded pool (NUP-7, NUP-9; refused for autoscaled blue-green, NUP-10) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the operation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/node-pools/{pool}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Blue-green: skip the rest of the node-pool soak (NUP-9) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                    pool: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the operation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An operation: state, phase, progress and its time-stamped events */
        get: {
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
                /** @description the operation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cluster's operations, newest first, paged: cluster upgrades, node-pool upgrades and the autoscaler's, each with its state and progress (until retired) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of operations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OperationSummaryList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operations/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a failed cluster upgrade from its failed component (LIFE-3); node-pool upgrades resume on their pool */
        post: {
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
                /** @description the operation, running again */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a running cluster upgrade (LIFE-3: its health checks repeat until they pass); node-pool upgrades cancel on their pool */
        post: {
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
                /** @description the operation, cancelled */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/preflight": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cluster's latest preflight (LIFE-2) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the latest preflight */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PreflightResult"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Preflight an upgrade to a version (LIFE-2): version path, catalogue, admin/user skew, deprecated APIs, surge quota */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClusterPreflightInput"];
                };
            };
            responses: {
                /** @description the findings, kept as the cluster's latest */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PreflightResult"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upgrade a cluster in LIFE-3 order (preflight, control plane, add-ons, worker pools in place or by their own strategies, health checks); again after a failure retries from the failed component */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClusterUpgradeInput"];
                };
            };
            responses: {
                /** @description the operation, running */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Operation"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/workloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The cluster agent's snapshot of pods and PDBs (replaces the last one), in the short form or as `kubectl get pods,pdb -A -o json` prints it (a `List` or `PodList`; unknown fields ignored; one whole snapshot of up to 5,000 pods). In the short form, over 5,000 pods go in parts (`part: {snapshot, index, count}`), which take effect together when the last arrives. A whole snapshot runs an autoscaler pass (CA). */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkloadsBody"];
                };
            };
            responses: {
                /** @description what is stored and the decisions of the pass it ran */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkloadsAccepted"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/workloads/pods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stored pods with the node each runs on as the control plane expects it (evicted pods pending, pending pods placed where they fit, until the agent's next snapshot) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of pods */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkloadPodList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/autoscaler/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Runs one autoscaler pass now (CA-1..17) and answers its decisions */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the decisions of the pass */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EvaluationResult"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/autoscaler/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded autoscaler decisions, newest first (CA-17): scale-ups, scale-downs, backoffs and no-ops with a reason; the last 1,000 per cluster are kept */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    pool?: string;
                    /** @description Only decisions with one of these actions, comma-separated. */
                    action?: string;
                };
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of decisions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AutoscalerDecisionList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/provisioning-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A ProvisioningRequest (CA-14): queued-provisioning waits until all capacity can be had, check-capacity only answers whether it fits, best-effort-atomic provisions all or nothing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cluster: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProvisioningRequestInput"];
                };
            };
            responses: {
                /** @description the request and the autoscaler's verdict */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProvisioningRequest"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compute-classes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A compute class (CA-15) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the compute class */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ComputeClass"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a compute class (CA-15, admin): rules tried in order on scale-up, with fallback; active migration moves workloads back to a higher rule when its capacity returns */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ComputeClassInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ComputeClass"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ComputeClass"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-strategies/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An update strategy */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the strategy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateStrategy"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace an update strategy (RUN-3 unique stage and group names; RUN-4) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateStrategyInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateStrategy"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateStrategy"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete an update strategy; runs that copied it are not affected (RUN-4) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fleet's update runs, newest first, paged (the 200 newest; finished ones until their retention) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the runs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["UpdateRunSummary"][];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create an update run (NotStarted): strategy copied, members by updateGroup, goal checked per member (RUN-1, RUN-4, RUN-5) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateRunInput"];
                };
            };
            responses: {
                /** @description created, NotStarted */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An update run's status: every stage and group, members paged in tree order (RUN-8; ?limit=&cursor=, 1,000 members a page by default) */
        get: {
            parameters: {
                query?: {
                    /** @description Members per page (1..1,000; 1,000 when absent). */
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a NotStarted run, or resume a Stopped one (RUN-10) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a run; upgrades already started on members continue (RUN-10) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry the Failed and system-Skipped members of a Failed or Stopped run with the same resolved goal and node images (EXT-4) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/gates/{gate}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a Pending Approval gate (EXT-1); final once accepted, approving again changes nothing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                    gate: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What-if (EXT-6): the run's predicted timeline — per member start, end and waits, stage waits, the critical path and the makespan — from the same engine on the simulated provider; changes nothing. A run not started (or stopped) is planned as if started now. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the predicted timeline */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRunPlan"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many for this token (SEC-3, SEC-4); `Retry-After` says when to ask again */
                429: {
                    headers: {
                        /** @description seconds */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/skip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Skip members, groups or stages, before or during the run (RUN-12) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateRunSkipInput"];
                };
            };
            responses: {
                /** @description the run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdateRun"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/auto-upgrade-profiles/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An auto-upgrade profile with its last generated run, or why it generates nothing (EXT-5, EXT-9) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the profile */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AutoUpgradeProfile"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace an auto-upgrade profile (EXT-5): it generates and starts update runs when members become eligible, on publication and on every cron tick; reconciled at once */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AutoUpgradeProfileInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AutoUpgradeProfile"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AutoUpgradeProfile"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete an auto-upgrade profile; the runs it generated go on */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/auto-upgrade-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fleet's auto-upgrade profiles by name, paged */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the profiles */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AutoUpgradeProfileList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/rollout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fleet's rollout status per upgrade (SEQ-13), with its configuration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutStatus"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Configure the fleet's place in a rollout sequence (SEQ-1 linear, at most 3 groups by default; SEQ-2 fleets only; SEQ-7 soak 0..30 days) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FleetRolloutInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutConfig"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutConfig"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the fleet from its rollout sequence (409, SEQ-1, while another fleet names it upstream) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description removed from its sequence */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description SEQ-1: another group names it as its upstream */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/rollout/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What-if (EXT-6): the fleet's rollout sequence predicted — per group and upgrade its start, soak start and soak end, per cluster its upgrade, the waits, the critical path and the makespan — from the same engine on the simulated provider; changes nothing */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the predicted timeline */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutPlan"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many for this token (SEC-3, SEC-4); `Retry-After` says when to ask again */
                429: {
                    headers: {
                        /** @description seconds */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/scopes/{scope}/rollout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team scope's rollout status per upgrade (SEQ-13) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    scope: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutStatus"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Configure a team scope's place in a team-scope rollout sequence (SEQ-1, SEQ-2, SEQ-3, SEQ-7) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    scope: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScopeRolloutInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutConfig"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutConfig"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the team scope from its rollout sequence (409, SEQ-1, while another scope names it upstream) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    scope: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description removed from its sequence */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description SEQ-1: another group names it as its upstream */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A rollout sequence with the clusters each stage selects now (SEQ-16), showing only the stages, fleets and clusters the caller may read */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the sequence */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutSequence"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a rollout sequence with custom stages (SEQ-15: 1..10 stages of 1..20 fleets, soaks 0..30 days; SEQ-16: a cluster belongs to the first stage that selects it; SEQ-17: a fleet is in one sequence of one kind). Needs write access to every fleet it names, and to every fleet of the sequence it replaces. */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RolloutSequenceInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutSequence"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutSequence"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a rollout sequence; its fleets are free to join another sequence. Needs write access to every fleet it names. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rollout sequences the caller may read something of, by name, paged */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the sequences */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RolloutSequenceList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What-if (EXT-6): the sequence's stages predicted — per stage and upgrade its start, soak start and soak end, per cluster its upgrade, the waits, the critical path and the makespan — from the same engine on the simulated provider; changes nothing */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the predicted timeline */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SequencePlan"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many for this token (SEC-3, SEC-4); `Retry-After` says when to ask again */
                429: {
                    headers: {
                        /** @description seconds */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}/rollouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sequence's rollouts, one per version and kind (control plane, nodes), newest first, each with every stage the caller may read: state, start, end, soak end and clusters (SEQ-21) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the rollouts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SequenceRolloutList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}/rollouts/{rollout}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One rollout of the sequence through its stages (SEQ-21) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    rollout: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the rollout */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SequenceRollout"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}/rollouts/{rollout}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a rollout (SEQ-20): no stage's turn comes and no cluster upgrade starts; running upgrades finish and soaks go on. Needs write access to one fleet of the sequence (anyone answerable for a stage may hold it). 409 for a completed rollout. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    rollout: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the rollout, paused */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SequenceRollout"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}/rollouts/{rollout}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused rollout (SEQ-20): what it held starts on this pass. Needs write access to every fleet of the sequence. Resuming a rollout that is not paused changes nothing. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    rollout: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the rollout */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SequenceRollout"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The virtual clock and active faults (sim provider only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the sim clock */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimStatus"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sim/faults/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Inject or replace a fault */
        put: {
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
                    "application/json": components["schemas"]["SimFaultInput"];
                };
            };
            responses: {
                /** @description the fault */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimFault"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Clear a fault */
        delete: {
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
                /** @description cleared */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sim/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the virtual clock ahead and run every timer that became due */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SimAdvanceInput"];
                };
            };
            responses: {
                /** @description the sim clock */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimStatus"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sim/speed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set virtual seconds per wall second (0 freezes the clock) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SimSpeedInput"];
                };
            };
            responses: {
                /** @description the sim clock */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimStatus"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sim/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the simulated durations per command type, jitter and capacity-refusal delay */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SimSettings"];
                };
            };
            responses: {
                /** @description the sim */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimStatus"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sim/preempt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preempt a node (spot / flex-start), as the cloud would (NUP-11) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SimPreemptInput"];
                };
            };
            responses: {
                /** @description reported to the node's fleet */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Be told when the fleet's object changes (rollout, operations, autoscaler)
         * @description A WebSocket (send `Upgrade: websocket`). The token comes as `Authorization: Bearer`, or from a browser, which cannot set headers, as the subprotocol `regatta.bearer.<base64url(token)>` offered beside `regatta.watch.v1` (never in the query string). Authorized exactly like the corresponding GET. The server sends `{"type":"changed","seq","at"}` after changes, at most one per 250 ms, and nothing else: re-read with `If-None-Match`. `ping` is answered `pong`. At most 100 watchers per fleet, run or rollout sequence (429). SEC-6: the subprotocol token counts only on the watch routes; a socket closes with 4401 when its token is revoked, and with 1008 when the client sends anything but `ping`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket, subprotocol `regatta.watch.v1` */
                101: {
                    headers: {
                        "sec-websocket-protocol": "regatta.watch.v1";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not a WebSocket upgrade */
                426: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The object already has as many watchers as it keeps */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleets/{fleet}/update-runs/{run}/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Be told when the update run changes
         * @description A WebSocket (send `Upgrade: websocket`). The token comes as `Authorization: Bearer`, or from a browser, which cannot set headers, as the subprotocol `regatta.bearer.<base64url(token)>` offered beside `regatta.watch.v1` (never in the query string). Authorized exactly like the corresponding GET. The server sends `{"type":"changed","seq","at"}` after changes, at most one per 250 ms, and nothing else: re-read with `If-None-Match`. `ping` is answered `pong`. At most 100 watchers per fleet, run or rollout sequence (429). SEC-6: the subprotocol token counts only on the watch routes; a socket closes with 4401 when its token is revoked, and with 1008 when the client sends anything but `ping`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fleet: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket, subprotocol `regatta.watch.v1` */
                101: {
                    headers: {
                        "sec-websocket-protocol": "regatta.watch.v1";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not a WebSocket upgrade */
                426: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The object already has as many watchers as it keeps */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rollout-sequences/{name}/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Be told when the rollout sequence's object changes (its rollouts' stages, soaks, pauses)
         * @description A WebSocket (send `Upgrade: websocket`). The token comes as `Authorization: Bearer`, or from a browser, which cannot set headers, as the subprotocol `regatta.bearer.<base64url(token)>` offered beside `regatta.watch.v1` (never in the query string). Authorized exactly like the corresponding GET. The server sends `{"type":"changed","seq","at"}` after changes, at most one per 250 ms, and nothing else: re-read with `If-None-Match`. `ping` is answered `pong`. At most 100 watchers per fleet, run or rollout sequence (429). SEC-6: the subprotocol token counts only on the watch routes; a socket closes with 4401 when its token is revoked, and with 1008 when the client sends anything but `ping`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket, subprotocol `regatta.watch.v1` */
                101: {
                    headers: {
                        "sec-websocket-protocol": "regatta.watch.v1";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not a WebSocket upgrade */
                426: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The object already has as many watchers as it keeps */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A notification subscription, without its secret */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the subscription */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Notification"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /** Create or replace a notification subscription (admin; an operator for subscriptions within its fleets). The secret is write-only */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NotificationInput"];
                };
            };
            responses: {
                /** @description replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Notification"];
                    };
                };
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Notification"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a notification subscription and its delivery records */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The notification subscriptions the caller may read, by name */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of subscriptions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Notification"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/{name}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A subscription's deliveries, newest first (`?state=dead`: the dead letters) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    state?: components["schemas"]["DeliveryState"];
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of deliveries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["NotificationDelivery"][];
                            /** @description null on the last page */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/{name}/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a dead (or delivered) event again, with a fresh round of attempts */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    /** @description the CloudEvent id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description queued again */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NotificationDelivery"];
                    };
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many for this token (SEC-3, SEC-4); `Retry-After` says when to ask again */
                429: {
                    headers: {
                        /** @description seconds */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit trail, newest first (SEC-11): every write and every 401/403; admins read all of it, operators their fleets' entries */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    /** @description Only entries at or after this instant (on the wall clock). */
                    since?: string;
                    /** @description Only entries of this token: its id (as entries show it) or its name. */
                    actor?: string;
                    /** @description Only entries whose path starts with this, e.g. /v1/fleets/prod/. */
                    resource?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of audit entries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuditList"];
                    };
                };
                /** @description Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Outside the token's role or scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not allowed in the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A SPEC rule refuses it (see `rule`) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document (public) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description The deployment is misconfigured (names what is wrong) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @example VER-4 */
            rule?: string;
            errors?: {
                path: string;
                message: string;
            }[];
        };
        ExecutorEvent: {
            /** @enum {string} */
            type: "COMMAND_SUCCEEDED";
            commandId: string;
            /**
             * Format: date-time
             * @description When it happened; absent, when the callback arrived. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at?: string;
        } | {
            /** @enum {string} */
            type: "COMMAND_FAILED";
            commandId: string;
            /**
             * Format: date-time
             * @description When it happened; absent, when the callback arrived. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at?: string;
            /** @enum {string} */
            reason: "FAILED" | "QUOTA_EXCEEDED" | "IP_EXHAUSTED" | "HEALTH_CHECK_FAIL" | "PREFLIGHT_BLOCKED";
            /** @default  */
            message: string;
        } | {
            /** @enum {string} */
            type: "DRAIN_PASSED";
            commandId: string;
            /**
             * Format: date-time
             * @description When it happened; absent, when the callback arrived. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at?: string;
            node: string;
            /** @default [] */
            stuckPods: string[];
        };
        TokenCreated: components["schemas"]["TokenSummary"] & {
            token: string;
        };
        /** @enum {string} */
        TokenRole: "admin" | "operator" | "viewer";
        TokenSummary: {
            name: string;
            role: components["schemas"]["TokenRole"];
            fleets: string[];
            scopes: string[];
            /**
             * Format: date-time
             * @description When the token was made. On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
        };
        TokenInput: {
            /** @example prod-eu-1 */
            name: string;
            role: components["schemas"]["TokenRole"];
            fleets?: string[];
            scopes?: string[];
        };
        TokenSelf: {
            name: string;
            role: components["schemas"]["TokenRole"];
            /** @description Fleet grants; none with no scopes = all. */
            fleets: string[];
            /** @description Team-scope grants as fleet/scope. */
            scopes: string[];
        };
        ExecutorKeyCreated: {
            fleet: string;
            /** @description The HMAC key for this fleet's callbacks. */
            key: string;
            /**
             * Format: date-time
             * @description When the key was made; an earlier key of the fleet stopped working then. On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
        };
        MachineType: {
            /** @example prod-eu-1 */
            name: string;
            cpuMillis: number;
            memoryMiB: number;
            gpus: number;
            /** @example nvidia-l4 */
            gpuType?: string;
            pricePerHour: number;
            spotPricePerHour?: number;
        };
        MachineTypeInput: {
            cpuMillis: number;
            memoryMiB: number;
            /** @default 0 */
            gpus: number;
            /**
             * @description CA-15: the model of its GPUs (needs gpus > 0). A compute-class rule naming a GPU type matches only machine types naming the same; without it, none.
             * @example nvidia-l4
             */
            gpuType?: string;
            pricePerHour: number;
            spotPricePerHour?: number;
        };
        Zone: {
            /** @example europe-west1-b */
            name: string;
            /** @example europe-west1 */
            region: string;
            quota: components["schemas"]["ZoneQuota"];
        };
        ZoneQuota: {
            nodes?: number;
            cpuMillis?: number;
            ips?: number;
        };
        ZoneInput: {
            /** @example europe-west1 */
            region: string;
            quota?: components["schemas"]["ZoneQuota"];
        };
        Reservation: {
            /** @example prod-eu-1 */
            id: string;
            /** @example europe-west1-b */
            zone: string;
            /** @example prod-eu-1 */
            machineType: string;
            count: number;
        };
        ReservationInput: {
            /** @example europe-west1-b */
            zone: string;
            /** @example prod-eu-1 */
            machineType: string;
            count: number;
        };
        Fleet: {
            /** @example prod-eu-1 */
            name: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
        };
        FleetInput: Record<string, never>;
        Scope: {
            /** @example prod-eu-1 */
            fleet: string;
            /** @example prod-eu-1 */
            name: string;
            clusters?: string[];
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
        };
        ScopeInput: Record<string, never>;
        Release: {
            /** @example 2022-R25 */
            name: string;
            channel: components["schemas"]["ReleaseChannel"];
            targets: components["schemas"]["ChannelTargets"];
            /**
             * @description Versions this release can install (VER-6).
             * @default []
             */
            versions: string[];
            /** @default [] */
            nodeImages: components["schemas"]["NodeImageAvailability"][];
            regions?: components["schemas"]["VersionRegions"];
            endOfLife?: components["schemas"]["MinorEndOfLife"];
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt?: string;
        };
        /** @enum {string} */
        ReleaseChannel: "RAPID" | "REGULAR" | "STABLE";
        /**
         * @example {
         *       "1.20": "1.21.14-gke.4300",
         *       "1.22": "1.23.8-gke.1900"
         *     }
         */
        ChannelTargets: {
            [key: string]: string;
        };
        NodeImageAvailability: {
            /** @example cos-1.21.14-gke.4300 */
            version: string;
            regions: string[];
        };
        /** @default {} */
        VersionRegions: {
            [key: string]: string[];
        };
        /**
         * @default {}
         * @example {
         *       "1.23": "2023-07-31T00:00:00Z"
         *     }
         */
        MinorEndOfLife: {
            [key: string]: string;
        };
        ReleaseInput: {
            channel: components["schemas"]["ReleaseChannel"];
            targets: components["schemas"]["ChannelTargets"];
            /**
             * @description Versions this release can install (VER-6).
             * @default []
             */
            versions: string[];
            /** @default [] */
            nodeImages: components["schemas"]["NodeImageAvailability"][];
            regions?: components["schemas"]["VersionRegions"];
            endOfLife?: components["schemas"]["MinorEndOfLife"];
        };
        Channel: {
            channel: components["schemas"]["ReleaseChannel"];
            /**
             * @description null before any release
             * @example 2022-R25
             */
            release: string | null;
            targets: components["schemas"]["ChannelTargets"];
        };
        Cluster: {
            /** @example prod-eu-1 */
            name: string;
            /** @example prod-eu-1 */
            fleet: string;
            /** @default [] */
            scopes: string[];
            role: components["schemas"]["ClusterRole"];
            /**
             * @description The admin (or hybrid) cluster that manages this user cluster (LIFE-1, VER-5).
             * @example prod-eu-1
             */
            adminCluster?: string;
            /** @example europe-west1 */
            region: string;
            releaseChannel: components["schemas"]["ReleaseChannel"];
            /** @default false */
            autopilot: boolean;
            /**
             * @description CA-11 `--autoscaling-profile`: when absent, balanced on Standard clusters and optimize-utilization on Autopilot ones (balanced is not available there, 422). Answers always show the profile in force.
             * @enum {string}
             */
            autoscalingProfile?: "balanced" | "optimize-utilization";
            /**
             * @description Desired control-plane version (spec.version, VER-8).
             * @example 1.21.14-gke.4300
             */
            version: string;
            /**
             * @description The update-run group this cluster joins (RUN-3).
             * @example prod-eu-1
             */
            updateGroup?: string;
            /**
             * @description SEQ-16: the cluster's labels, Kubernetes-style key → value (at most 64), which a rollout sequence stage's `clusterSelector` matches. A PUT replaces the whole cluster, so one that leaves `labels` out clears them (as it does every optional field). Answers show the labels as last put, and leave the field out when that PUT had none.
             * @example {
             *       "canary": "true",
             *       "example.com/tier": "web"
             *     }
             */
            labels?: {
                [key: string]: string;
            };
            maintenance?: components["schemas"]["Maintenance"];
            /**
             * @description Set while the cluster uses deprecated APIs; pauses its upgrades, patches included, until cleared (SEQ-11): sequencing holds it and its preflight blocks every target.
             * @default false
             */
            deprecatedApiUsage: boolean;
            /** @description LIFE-4: the control-plane node pool's size; absent means 3 (a highly available control plane). Its nodes count in status.components.versions. */
            controlPlaneNodePool?: {
                nodeCount: number;
            };
            /** @description LIFE-1, LIFE-3: a separate control-plane load-balancer node pool. A cluster upgrade upgrades it beside the connect agent and add-ons, and the worker pools only after it; without one, worker pools follow the control-plane pool. */
            loadBalancerNodePool?: {
                nodeCount: number;
            };
            status: components["schemas"]["ClusterStatus"];
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
        };
        /** @enum {string} */
        ClusterRole: "admin" | "user" | "hybrid" | "standalone";
        Maintenance: {
            /** @default [] */
            windows: components["schemas"]["MaintenanceWindow"][];
            /** @default [] */
            exclusions: components["schemas"]["MaintenanceExclusion"][];
        };
        MaintenanceWindow: {
            /** @example 02:00 */
            start: string;
            /**
             * @description At most a week, as the engine allows (MW-1).
             * @example 14400
             */
            durationSeconds: number;
            /**
             * @example [
             *       "SAT",
             *       "SUN"
             *     ]
             */
            days: components["schemas"]["Weekday"][];
            /** @example Europe/Berlin */
            timeZone?: string;
        };
        /** @enum {string} */
        Weekday: "MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN";
        MaintenanceExclusion: {
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            start: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            end: string;
            /** @enum {string} */
            scope: "ALL" | "MINOR" | "MINOR_AND_NODE";
        };
        ClusterStatus: {
            /** @example 1.21.14-gke.4300 */
            version: string;
            /** @example 1.21.14-gke.4300 */
            specVersion: string;
            /** @example RUNNING */
            phase: string;
            /**
             * Format: date-time
             * @description Next maintenance window opening (MW-3). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            nextWindowOpen?: string;
            components: components["schemas"]["ClusterComponents"];
            /** @description Why the cluster is not progressing, citing the rule that holds it (EXT-9). */
            reason?: string;
        };
        /** @description LIFE-4, at all times: versions, the version → node count map and the control-plane and load-balancer node pools; while a cluster upgrades (or after its upgrade failed) also each component's state, on GET of the one cluster. In lists, the node pools and counts come from the inventory. */
        ClusterComponents: {
            /** @description The latest cluster upgrade's id. */
            operation?: string;
            /** @description That upgrade's state. */
            state?: string;
            /** @description Why that upgrade is not moving forward, led by the rule that holds it (EXT-9). */
            reason?: string;
            spec?: {
                version: string;
            };
            status?: {
                version: string;
            };
            statusStale?: boolean;
            /** @enum {string} */
            owner?: "TARGET" | "BOOTSTRAP";
            components?: {
                id: string;
                /** @enum {string} */
                phase: "PREFLIGHT" | "SPEC_SET" | "BOOTSTRAP" | "LIFECYCLE_CONTROLLERS" | "CONTROL_PLANE_LOAD_BALANCERS" | "CONTROL_PLANE_NODE_POOL" | "ADD_ONS_AND_LOAD_BALANCER_POOL" | "WORKER_NODE_POOLS" | "HEALTH_CHECKS" | "PIVOT_BACK" | "STATUS_SET";
                /** @enum {string} */
                state: "PENDING" | "RUNNING" | "WAITING" | "DONE" | "FAILED";
                version: string;
                attempts: number;
                poolOperation?: string;
                error?: string;
                reason?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                failingSince?: string;
                lastFailure?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                nextAttemptAt?: string;
            }[];
            controlPlaneNodePool?: components["schemas"]["LifecycleNodePoolStatus"];
            loadBalancerNodePool?: components["schemas"]["LifecycleNodePoolStatus"];
            versions?: {
                [key: string]: number;
            };
            lifecycleControllersManifestsVersion?: string;
            manifestsVersion?: string;
        };
        LifecycleNodePoolStatus: {
            version: string;
            nodeCount: number;
            /** @enum {string} */
            state: "READY" | "UPGRADING" | "FAILED";
        };
        ClusterInput: {
            /** @example prod-eu-1 */
            fleet: string;
            /** @default [] */
            scopes: string[];
            role: components["schemas"]["ClusterRole"];
            /**
             * @description The admin (or hybrid) cluster that manages this user cluster (LIFE-1, VER-5).
             * @example prod-eu-1
             */
            adminCluster?: string;
            /** @example europe-west1 */
            region: string;
            releaseChannel: components["schemas"]["ReleaseChannel"];
            /** @default false */
            autopilot: boolean;
            /**
             * @description CA-11 `--autoscaling-profile`: when absent, balanced on Standard clusters and optimize-utilization on Autopilot ones (balanced is not available there, 422). Answers always show the profile in force.
             * @enum {string}
             */
            autoscalingProfile?: "balanced" | "optimize-utilization";
            /**
             * @description Desired control-plane version (spec.version, VER-8).
             * @example 1.21.14-gke.4300
             */
            version: string;
            /**
             * @description The update-run group this cluster joins (RUN-3).
             * @example prod-eu-1
             */
            updateGroup?: string;
            /**
             * @description SEQ-16: the cluster's labels, Kubernetes-style key → value (at most 64), which a rollout sequence stage's `clusterSelector` matches. A PUT replaces the whole cluster, so one that leaves `labels` out clears them (as it does every optional field). Answers show the labels as last put, and leave the field out when that PUT had none.
             * @example {
             *       "canary": "true",
             *       "example.com/tier": "web"
             *     }
             */
            labels?: {
                [key: string]: string;
            };
            maintenance?: components["schemas"]["Maintenance"];
            /**
             * @description Set while the cluster uses deprecated APIs; pauses its upgrades, patches included, until cleared (SEQ-11): sequencing holds it and its preflight blocks every target.
             * @default false
             */
            deprecatedApiUsage: boolean;
            /** @description LIFE-4: the control-plane node pool's size; absent means 3 (a highly available control plane). Its nodes count in status.components.versions. */
            controlPlaneNodePool?: {
                nodeCount: number;
            };
            /** @description LIFE-1, LIFE-3: a separate control-plane load-balancer node pool. A cluster upgrade upgrades it beside the connect agent and add-ons, and the worker pools only after it; without one, worker pools follow the control-plane pool. */
            loadBalancerNodePool?: {
                nodeCount: number;
            };
        };
        NodePool: {
            /** @example prod-eu-1 */
            cluster: string;
            /** @example prod-eu-1 */
            name: string;
            /** @example prod-eu-1 */
            machineType: string;
            zones: string[];
            /** @description Nodes in each zone. */
            nodeCount: number;
            /** @example 1.21.14-gke.4300 */
            version: string;
            /** @example cos-1.21.14-gke.4300 */
            nodeImage: string;
            /** @default 110 */
            maxPodsPerNode: number;
            /** @default false */
            spot: boolean;
            /** @default false */
            flexStart: boolean;
            /**
             * @description The pool's nodes come only from queued provisioning; from control plane 1.32.2-gke.1652000 on it upgrades short-lived (NUP-1).
             * @default false
             */
            queuedProvisioning: boolean;
            /** @default false */
            autopilotManaged: boolean;
            /**
             * @description Local SSDs as ephemeral storage (`--ephemeral-storage-local-ssd`): below control plane 1.24.5-gke.600 the autoscaler does not grow the pool from 0 nodes (CA-3).
             * @default false
             */
            localSsd: boolean;
            tpu?: components["schemas"]["Tpu"];
            /**
             * @description CA-15: the compute class this pool serves; pods ask for it with the node selector cloud.google.com/compute-class
             * @example prod-eu-1
             */
            computeClass?: string;
            /** @description Labels the pool's nodes carry (`--node-labels`); node selectors match them. */
            labels?: {
                [key: string]: string;
            };
            /** @description Taints the pool's nodes carry (`--node-taints`); only pods tolerating the NoSchedule and NoExecute ones land on them (CA-3). */
            taints?: components["schemas"]["Taint"][];
            autoscaling?: components["schemas"]["Autoscaling"];
            upgradeStrategy?: components["schemas"]["UpgradeStrategy"];
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
        };
        Tpu: {
            /** @example 16x16 */
            topology: string;
            multiHost: boolean;
        };
        Taint: {
            key: string;
            value?: string;
            /** @enum {string} */
            effect: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
        };
        Autoscaling: {
            enabled: boolean;
            minNodes?: number;
            maxNodes?: number;
            totalMinNodes?: number;
            totalMaxNodes?: number;
            /** @enum {string} */
            locationPolicy?: "BALANCED" | "ANY";
            /**
             * @description CA-11 is a cluster setting (the cluster's autoscalingProfile); set here it overrides it for this pool, an extension of Regatta's. Absent: the cluster's.
             * @enum {string}
             */
            profile?: "balanced" | "optimize-utilization";
        };
        UpgradeStrategy: {
            type?: components["schemas"]["UpgradeStrategyType"];
            /** @default 1 */
            maxSurge: number;
            /** @default 0 */
            maxUnavailable: number;
            batchNodeCount?: number;
            batchPercent?: number;
            /** @default 0 */
            batchSoakSeconds: number;
            /** @default 3600 */
            nodePoolSoakSeconds: number;
            /** @default 259200 */
            waitSeconds: number;
        };
        /**
         * @default SURGE
         * @enum {string}
         */
        UpgradeStrategyType: "SURGE" | "BLUE_GREEN" | "AUTOSCALED_BLUE_GREEN" | "SHORT_LIVED";
        NodePoolInput: {
            /** @example prod-eu-1 */
            machineType: string;
            zones: string[];
            /** @description Nodes in each zone. */
            nodeCount: number;
            /** @example 1.21.14-gke.4300 */
            version: string;
            /** @example cos-1.21.14-gke.4300 */
            nodeImage: string;
            /** @default 110 */
            maxPodsPerNode: number;
            /** @default false */
            spot: boolean;
            /** @default false */
            flexStart: boolean;
            /**
             * @description The pool's nodes come only from queued provisioning; from control plane 1.32.2-gke.1652000 on it upgrades short-lived (NUP-1).
             * @default false
             */
            queuedProvisioning: boolean;
            /** @default false */
            autopilotManaged: boolean;
            /**
             * @description Local SSDs as ephemeral storage (`--ephemeral-storage-local-ssd`): below control plane 1.24.5-gke.600 the autoscaler does not grow the pool from 0 nodes (CA-3).
             * @default false
             */
            localSsd: boolean;
            tpu?: components["schemas"]["Tpu"];
            /**
             * @description CA-15: the compute class this pool serves; pods ask for it with the node selector cloud.google.com/compute-class
             * @example prod-eu-1
             */
            computeClass?: string;
            /** @description Labels the pool's nodes carry (`--node-labels`); node selectors match them. */
            labels?: {
                [key: string]: string;
            };
            /** @description Taints the pool's nodes carry (`--node-taints`); only pods tolerating the NoSchedule and NoExecute ones land on them (CA-3). */
            taints?: components["schemas"]["Taint"][];
            autoscaling?: components["schemas"]["Autoscaling"];
            upgradeStrategy?: components["schemas"]["UpgradeStrategy"];
        };
        Node: {
            /** @example prod-default-europe-west1-b-0000 */
            name: string;
            pool: string;
            /** @example europe-west1-b */
            zone: string;
            /** @example 1.21.14-gke.4300 */
            version: string;
            /** @example cos-1.21.14-gke.4300 */
            nodeImage: string;
            state: components["schemas"]["NodeState"];
            color?: components["schemas"]["NodeColor"];
        };
        /** @enum {string} */
        NodeState: "READY" | "PROVISIONING" | "CORDONED" | "DRAINING" | "DELETING";
        /** @enum {string} */
        NodeColor: "BLUE" | "GREEN";
        Operation: {
            id: string;
            /** @example NODE_POOL_UPGRADE */
            kind: string;
            target: {
                cluster: string;
                pool?: string;
                version: string;
                nodeImage?: string;
                useBootstrap?: boolean;
            };
            strategy?: string;
            state: components["schemas"]["OperationState"];
            phase?: string;
            /** @description Why it is not progressing, citing the rule (EXT-9). */
            reason?: string;
            progress: {
                done: number;
                total: number;
            };
            /** @description CLUSTER_UPGRADE: expected disruption per component (LIFE-7). */
            downtime?: {
                component: string;
                expected: string;
                maxSeconds?: number;
                when: string;
            }[];
            /** @description CLUSTER_UPGRADE: the preflight it started with (LIFE-2). */
            preflight?: {
                passed: boolean;
                findings: {
                    check: string;
                    blocking: boolean;
                    message: string;
                    rule: string;
                }[];
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                at: string;
            };
            /** @description CLUSTER_UPGRADE: cluster health checks that keep failing, while they do (LIFE-3: they repeat until all pass; cancel to stop). */
            healthChecks?: {
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                failingSince: string;
                attempts: number;
                lastFailure: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                nextAttemptAt?: string;
            };
            events: {
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                at: string;
                message: string;
            }[];
            eventCount?: number;
            error?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            startedAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            endedAt?: string;
        };
        /** @enum {string} */
        OperationState: "RUNNING" | "PAUSED" | "SUCCEEDED" | "FAILED" | "ROLLED_BACK" | "CANCELLED";
        /**
         * @example {
         *       "version": "1.21.14-gke.4300",
         *       "nodeImage": "cos-1.21.14-gke.4300"
         *     }
         */
        NodePoolUpgradeInput: {
            /**
             * @description Target node version; defaults to the control plane's (VER-7 caps it there).
             * @example 1.21.14-gke.4300
             */
            version?: string;
            /**
             * @description Target node image; defaults to the pool's.
             * @example cos-1.21.14-gke.4300
             */
            nodeImage?: string;
            /**
             * @description Run a surge upgrade outside the cluster's windows (MW-4 pauses it otherwise).
             * @default false
             */
            ignoreMaintenanceWindow: boolean;
        };
        OperationSummaryList: {
            items: components["schemas"]["OperationSummary"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        OperationSummary: {
            id: string;
            /** @example NODE_POOL_UPGRADE */
            kind: string;
            target: {
                cluster: string;
                pool?: string;
                version: string;
                nodeImage?: string;
                useBootstrap?: boolean;
            };
            strategy?: string;
            state: components["schemas"]["OperationState"];
            phase?: string;
            /** @description Why it is not progressing, citing the rule (EXT-9). */
            reason?: string;
            progress: {
                done: number;
                total: number;
            };
            error?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            startedAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            endedAt?: string;
            /**
             * Format: date-time
             * @description When the operation was created. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
        };
        PreflightResult: {
            cluster: string;
            /** @description The version the preflight checked. */
            version: string;
            /** @description No blocking finding: an upgrade may start. */
            passed: boolean;
            findings: components["schemas"]["PreflightFinding"][];
            /**
             * Format: date-time
             * @description When the preflight ran. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at: string;
        };
        PreflightFinding: {
            /** @example VERSION_PATH */
            check: string;
            blocking: boolean;
            /** @example VER-4: 1.13.0 → 1.15.0 skips minor 1.14 */
            message: string;
            /** @example VER-4 */
            rule: string;
        };
        ClusterPreflightInput: {
            /**
             * @description The version the cluster would be upgraded to.
             * @example 1.21.14-gke.4300
             */
            version: string;
            workerPools?: components["schemas"]["WorkerPoolUpgrade"];
        };
        /**
         * @description IN_PLACE (bare metal, the default): each worker machine is drained, its kubelet and container runtime upgraded, and uncordoned; no machine is created and no surge quota is needed. STRATEGY: each pool through its own node-pool upgrade strategy (surge, blue-green, …), for clusters on cloud machines; update runs and rollout sequences upgrade this way.
         * @default IN_PLACE
         * @enum {string}
         */
        WorkerPoolUpgrade: "IN_PLACE" | "STRATEGY";
        ClusterUpgradeInput: {
            /**
             * @description The version the cluster is upgraded to.
             * @example 1.21.14-gke.4300
             */
            version: string;
            /**
             * @description LIFE-5, admin/hybrid/standalone: upgrade through a temporary bootstrap cluster instead of in place.
             * @default false
             */
            useBootstrap: boolean;
            workerPools?: components["schemas"]["WorkerPoolUpgrade"];
            /**
             * @description MW-1: a user's own upgrade starts now and its worker pools run outside the cluster's windows (windows and exclusions hold automatic upgrades: runs, sequences, profiles); false holds the pools to the windows as those do (MW-4).
             * @default true
             */
            ignoreMaintenanceWindow: boolean;
        };
        WorkloadsAccepted: components["schemas"]["WorkloadsStatus"] & {
            decisions?: components["schemas"]["AutoscalerDecision"][];
        };
        AutoscalerDecision: {
            id: number;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at: string;
            pool: string | null;
            action: components["schemas"]["ScalingAction"];
            delta: number;
            zones?: {
                [key: string]: number;
            };
            nodes?: string[];
            reason: string;
            blockedBy?: string;
            /**
             * Format: date-time
             * @description CA-5: a node kept while it waits out its unneeded time has been unneeded since then. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            unneededSince?: string;
            /**
             * Format: date-time
             * @description When a pass first no longer repeated this no-op or backoff (absent while it holds). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            until?: string;
            inputs?: {
                pods: number;
                pending: number;
                nodes: number;
                trigger: string;
            };
        };
        /** @enum {string} */
        ScalingAction: "SCALE_UP" | "SCALE_DOWN" | "NOOP" | "BACKOFF";
        WorkloadsStatus: {
            cluster: string;
            complete: boolean;
            pods: number;
            pending: number;
            pdbs: number;
            revision: number;
            receivedParts?: number[];
        };
        WorkloadsBody: components["schemas"]["WorkloadsInput"] | components["schemas"]["KubernetesWorkloads"];
        WorkloadsInput: {
            pods: components["schemas"]["Pod"][];
            pdbs?: components["schemas"]["Pdb"][];
            part?: components["schemas"]["SnapshotPart"];
        };
        Pod: {
            name: string;
            /** @default default */
            namespace: string;
            node?: string;
            /** @default 0 */
            priority: number;
            controller?: string | null;
            containers: components["schemas"]["ContainerRequests"][];
            initContainers?: components["schemas"]["ContainerRequests"][];
            labels?: {
                [key: string]: string;
            };
            annotations?: {
                [key: string]: string;
            };
            /** @default false */
            localStorage: boolean;
            affinity?: components["schemas"]["Affinity"];
            nodeSelector?: {
                [key: string]: string;
            };
            tolerations?: components["schemas"]["Toleration"][];
            topologySpreadConstraints?: components["schemas"]["TopologySpreadConstraint"][];
            schedulerName?: string;
            priorityClassName?: string;
            /** @default false */
            daemonSet: boolean;
        };
        ContainerRequests: {
            cpuMillis: number;
            memoryMiB: number;
            accelerators?: number;
        };
        Affinity: {
            nodeAffinity?: components["schemas"]["NodeSelectorRequirement"][] | components["schemas"]["KubernetesNodeAffinity"];
            podAffinity?: components["schemas"]["PodAffinityTerm"][] | components["schemas"]["KubernetesPodAffinity"];
            podAntiAffinity?: components["schemas"]["PodAffinityTerm"][] | components["schemas"]["KubernetesPodAffinity"];
        };
        NodeSelectorRequirement: {
            key: string;
            /** @enum {string} */
            operator: "In" | "NotIn" | "Exists" | "DoesNotExist" | "Gt" | "Lt";
            values?: string[];
        };
        KubernetesNodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution?: {
                nodeSelectorTerms: components["schemas"]["NodeSelectorTerm"][];
            };
            preferredDuringSchedulingIgnoredDuringExecution?: {
                weight: number;
                preference: components["schemas"]["NodeSelectorTerm"];
            }[];
        };
        NodeSelectorTerm: {
            matchExpressions?: components["schemas"]["NodeSelectorRequirement"][];
            matchFields?: components["schemas"]["NodeSelectorRequirement"][];
        };
        PodAffinityTerm: {
            labelSelector: {
                [key: string]: string;
            };
            /** @enum {string} */
            topologyKey?: "kubernetes.io/hostname";
        };
        KubernetesPodAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution?: components["schemas"]["KubernetesPodAffinityTerm"][];
            preferredDuringSchedulingIgnoredDuringExecution?: {
                weight: number;
                podAffinityTerm: components["schemas"]["KubernetesPodAffinityTerm"];
            }[];
        };
        KubernetesPodAffinityTerm: {
            labelSelector?: components["schemas"]["LabelSelector"];
            topologyKey: string;
            namespaces?: string[];
            namespaceSelector?: components["schemas"]["LabelSelector"];
            matchLabelKeys?: string[];
            mismatchLabelKeys?: string[];
        };
        LabelSelector: {
            matchLabels?: {
                [key: string]: string;
            };
            matchExpressions?: components["schemas"]["LabelSelectorRequirement"][];
        };
        LabelSelectorRequirement: {
            key: string;
            /** @enum {string} */
            operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
            values?: string[];
        };
        Toleration: {
            key?: string;
            /** @enum {string} */
            operator?: "Equal" | "Exists";
            value?: string;
            /** @enum {string} */
            effect?: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
            tolerationSeconds?: number;
        };
        TopologySpreadConstraint: {
            maxSkew: number;
            topologyKey: string;
            /** @enum {string} */
            whenUnsatisfiable: "DoNotSchedule" | "ScheduleAnyway";
            labelSelector?: components["schemas"]["LabelSelector"];
            minDomains?: number;
            /** @enum {string} */
            nodeAffinityPolicy?: "Honor" | "Ignore";
            /** @enum {string} */
            nodeTaintsPolicy?: "Honor" | "Ignore";
            matchLabelKeys?: string[];
        };
        Pdb: {
            name?: string;
            /** @default default */
            namespace: string;
            selector: {
                [key: string]: string;
            };
            maxUnavailable?: number | string;
            minAvailable?: number | string;
        };
        SnapshotPart: {
            snapshot: string;
            index: number;
            count: number;
        };
        KubernetesWorkloads: {
            apiVersion?: string;
            /** @enum {string} */
            kind: "List" | "PodList";
            items: (components["schemas"]["KubernetesPod"] | components["schemas"]["KubernetesPdb"])[];
        } & {
            [key: string]: unknown;
        };
        KubernetesPod: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "KubernetesPod";
            apiVersion?: string;
            metadata: {
                name: string;
                namespace?: string;
                labels?: {
                    [key: string]: string;
                };
                annotations?: {
                    [key: string]: string;
                };
                ownerReferences?: ({
                    kind: string;
                    name?: string;
                    controller?: boolean;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
            spec: {
                nodeName?: string;
                priority?: number;
                priorityClassName?: string;
                schedulerName?: string;
                containers: ({
                    name?: string;
                    resources?: {
                        requests?: {
                            cpu?: string | number;
                            memory?: string | number;
                            "nvidia.com/gpu"?: string | number;
                            "amd.com/gpu"?: string | number;
                            "google.com/tpu"?: string | number;
                        } & {
                            [key: string]: string | number;
                        };
                        limits?: {
                            cpu?: string | number;
                            memory?: string | number;
                            "nvidia.com/gpu"?: string | number;
                            "amd.com/gpu"?: string | number;
                            "google.com/tpu"?: string | number;
                        } & {
                            [key: string]: string | number;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                })[];
                initContainers?: ({
                    name?: string;
                    resources?: {
                        requests?: {
                            cpu?: string | number;
                            memory?: string | number;
                            "nvidia.com/gpu"?: string | number;
                            "amd.com/gpu"?: string | number;
                            "google.com/tpu"?: string | number;
                        } & {
                            [key: string]: string | number;
                        };
                        limits?: {
                            cpu?: string | number;
                            memory?: string | number;
                            "nvidia.com/gpu"?: string | number;
                            "amd.com/gpu"?: string | number;
                            "google.com/tpu"?: string | number;
                        } & {
                            [key: string]: string | number;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                })[];
                affinity?: components["schemas"]["Affinity"];
                nodeSelector?: {
                    [key: string]: string;
                };
                tolerations?: components["schemas"]["Toleration"][];
                topologySpreadConstraints?: components["schemas"]["TopologySpreadConstraint"][];
                volumes?: ({
                    name?: string;
                    emptyDir?: {
                        [key: string]: unknown;
                    };
                    hostPath?: {
                        [key: string]: unknown;
                    };
                    persistentVolumeClaim?: {
                        [key: string]: unknown;
                    };
                    ephemeral?: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
            status?: {
                phase?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        KubernetesPdb: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "PodDisruptionBudget";
            apiVersion?: string;
            metadata: {
                name: string;
                namespace?: string;
            } & {
                [key: string]: unknown;
            };
            spec: {
                selector?: ({
                    matchLabels?: {
                        [key: string]: string;
                    };
                    matchExpressions?: ({
                        key: string;
                        /** @enum {string} */
                        operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
                        values?: string[];
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                }) | null;
                minAvailable?: number | string;
                maxUnavailable?: number | string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        WorkloadPodList: {
            items: components["schemas"]["Pod"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        EvaluationResult: {
            cluster: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at: string;
            decisions: components["schemas"]["AutoscalerDecision"][];
            /**
             * Format: date-time
             * @description When the next pass is due. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            nextScanAt?: string;
        };
        AutoscalerDecisionList: {
            items: components["schemas"]["AutoscalerDecision"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        ProvisioningRequest: {
            id: string;
            cluster: string;
            class: components["schemas"]["ProvisioningClass"];
            pool: string | null;
            count: number;
            /** @enum {string} */
            state: "WAITING" | "PROVISIONED" | "FAILED" | "CAPACITY_AVAILABLE" | "CAPACITY_UNAVAILABLE";
            reason: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            at: string;
        };
        /** @enum {string} */
        ProvisioningClass: "queued-provisioning" | "check-capacity" | "best-effort-atomic";
        ProvisioningRequestInput: {
            class: components["schemas"]["ProvisioningClass"];
            /** @example prod-eu-1 */
            pool?: string;
            podTemplate: {
                containers: components["schemas"]["ContainerRequests"][];
                nodeSelector?: {
                    [key: string]: string;
                };
                /** @default 0 */
                priority: number;
            };
            count: number;
        };
        ComputeClass: {
            /** @example prod-eu-1 */
            name: string;
            priorities: components["schemas"]["ComputeClassRule"][];
            activeMigration?: {
                optimizeRulePriority: boolean;
            };
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt?: string;
        };
        ComputeClassRule: {
            /** @example prod-eu-1 */
            machineType?: string;
            spot?: boolean;
            accelerator?: {
                /** @example nvidia-l4 */
                type?: string;
                count: number;
            };
        };
        ComputeClassInput: {
            priorities: components["schemas"]["ComputeClassRule"][];
            activeMigration?: {
                optimizeRulePriority: boolean;
            };
        };
        UpdateStrategy: {
            /** @example prod-eu-1 */
            name: string;
            /** @example prod-eu-1 */
            fleet: string;
            stages: components["schemas"]["StrategyStage"][];
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt: string;
        };
        StrategyStage: {
            /** @example prod-eu-1 */
            name: string;
            groups: {
                /**
                 * @description Members join by their cluster's `updateGroup` (RUN-3).
                 * @example prod-eu-1
                 */
                name: string;
                /** @description EXT-2: members in flight at once (group default 1; stage default: every group at once, the sum of its groups' values); a percentage rounds down, at least 1. A group may not allow more than its stage (422). */
                maxConcurrency?: number | string;
                maxAllowedFailures?: components["schemas"]["UpdateBudget"];
                /** @description EXT-1: gates that must complete before the scope starts. */
                beforeGates?: components["schemas"]["GateInput"][];
                /** @description EXT-1: gates that must complete before the scope counts as done. */
                afterGates?: components["schemas"]["GateInput"][];
                healthCheck?: components["schemas"]["HealthCheck"];
            }[];
            afterStageWaitSeconds?: number;
            /** @description EXT-2: members in flight at once (group default 1; stage default: every group at once, the sum of its groups' values); a percentage rounds down, at least 1. A group may not allow more than its stage (422). */
            maxConcurrency?: number | string;
            maxAllowedFailures?: components["schemas"]["UpdateBudget"];
            /** @description EXT-1: gates that must complete before the scope starts. */
            beforeGates?: components["schemas"]["GateInput"][];
            /** @description EXT-1: gates that must complete before the scope counts as done. */
            afterGates?: components["schemas"]["GateInput"][];
            healthCheck?: components["schemas"]["HealthCheck"];
        };
        /** @description EXT-3: failed members tolerated before the scope fails (default 0: RUN-11); a percentage rounds up. */
        UpdateBudget: number | string;
        GateInput: {
            displayName?: string;
            /** @enum {string} */
            type: "Approval" | "ScheduledStart";
            /** @description ScheduledStart only: completes at the next such instant in that offset. */
            scheduledStart?: {
                /** @enum {string} */
                day: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
                time: string;
                utcOffset: string;
            };
            /** @description Approval only (SEC-11): refuse (422, EXT-1) an approval by any token that started the run. */
            separateApprover?: boolean;
        };
        /** @description EXT-7: a group's check overrides its stage's. */
        HealthCheck: {
            /**
             * Format: uri
             * @description Called with a GET (10 s timeout) after each member's upgrade; 2xx passes. SEC-1: https on port 443 (or a port the deployment allows) to a public host (loopback in local development), 422 SEC-1 otherwise. Readers who may not write the fleet see it without query and userinfo (SEC-10).
             */
            url: string;
        } | {
            /**
             * @description The provider's HEALTH_CHECK command for the member's cluster.
             * @enum {boolean}
             */
            provider: true;
        };
        /**
         * @example {
         *       "stages": [
         *         {
         *           "name": "canary",
         *           "groups": [
         *             {
         *               "name": "canary"
         *             }
         *           ],
         *           "afterStageWaitSeconds": 3600
         *         },
         *         {
         *           "name": "everyone",
         *           "groups": [
         *             {
         *               "name": "eu"
         *             },
         *             {
         *               "name": "us"
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        UpdateStrategyInput: {
            stages: components["schemas"]["StrategyStage"][];
        };
        UpdateRun: {
            /** @example prod-eu-1 */
            name: string;
            /** @example prod-eu-1 */
            fleet: string;
            /** @enum {string} */
            state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
            message?: string;
            /** @example prod-eu-1 */
            strategy?: string;
            upgrade: {
                /** @enum {string} */
                type: "Full" | "ControlPlaneOnly" | "NodeImageOnly";
                /** @example 1.21.14-gke.4300 */
                kubernetesVersion?: string;
            };
            /** @enum {string} */
            nodeImageSelection: "Latest" | "Consistent";
            /**
             * @description RUN-6 Consistent: the chosen image (the members' pools have one OS family).
             * @example cos-1.21.14-gke.4300
             */
            nodeImage?: string;
            /** @description RUN-6 Consistent: the image chosen for each OS family, when the members' pools have several. */
            nodeImages?: string[];
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            startedAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            endedAt?: string;
            stages: {
                /** @example prod-eu-1 */
                name: string;
                /** @enum {string} */
                state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
                message?: string;
                afterStageWaitSeconds?: number;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                afterStageWaitEndsAt?: string;
                maxConcurrency?: number;
                maxAllowedFailures?: number;
                gates?: components["schemas"]["RunGate"][];
                healthCheck?: components["schemas"]["HealthCheck"] & unknown;
                groups: {
                    /** @example prod-eu-1 */
                    name: string;
                    /** @enum {string} */
                    state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
                    message?: string;
                    maxConcurrency?: number;
                    maxAllowedFailures?: number;
                    gates?: components["schemas"]["RunGate"][];
                    healthCheck?: components["schemas"]["HealthCheck"] & unknown;
                    members: {
                        /** @example prod-eu-1 */
                        cluster: string;
                        /** @enum {string} */
                        state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
                        /** @description Why the member is Pending, Skipped or Failed, starting with the rule that holds it: RUN-8 (waiting), RUN-9 or RUN-12 (skipped), EXT-8 (its cluster was deleted or moved to another fleet during the run), RUN-11 (failed), EXT-7 (its health check runs, or failed). */
                        message?: string;
                        /**
                         * Format: date-time
                         * @description On the control plane's clock (virtual in sim mode).
                         * @example 2022-06-01T10:00:00Z
                         */
                        startedAt?: string;
                        /**
                         * Format: date-time
                         * @description On the control plane's clock (virtual in sim mode).
                         * @example 2022-06-01T10:00:00Z
                         */
                        endedAt?: string;
                        /**
                         * @description RUN-6: the image the member's node pools move to, when they all get the same.
                         * @example cos-1.21.14-gke.4300
                         */
                        nodeImage?: string;
                        /** @description RUN-6: each node pool's image, when the member's pools get different ones (Latest takes the newest image of each pool's OS family in the member's region). */
                        nodeImages?: {
                            /** @example prod-eu-1 */
                            pool: string;
                            /** @example cos-1.21.14-gke.4300 */
                            nodeImage: string;
                        }[];
                        /** @description The member's operation id. */
                        operation?: string;
                        healthCheck?: components["schemas"]["MemberHealthCheck"];
                    }[];
                }[];
            }[];
            /** @description Members are paged in tree order (stage, group, member) while stages and groups are always all shown: pass this as `cursor` for the next members; null on the last page. Opaque. */
            nextCursor?: string | null;
        };
        RunGate: {
            /** @description Approve with POST …/gates/{id}/approve. */
            id: string;
            /** @enum {string} */
            type: "Approval" | "ScheduledStart";
            /** @enum {string} */
            timing: "Before" | "After";
            /** @enum {string} */
            state: "NotStarted" | "Pending" | "Completed" | "Skipped";
            displayName?: string;
            scheduledStart?: {
                day: string;
                time: string;
                utcOffset: string;
            };
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            pendingSince?: string;
            /**
             * Format: date-time
             * @description ScheduledStart: when it completes. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            dueAt?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            completedAt?: string;
            /** @description The approving token's name. */
            approvedBy?: string;
            /** @description SEC-11: the approving token's public id, as the audit trail shows it. */
            approvedByToken?: string;
            /** @description SEC-11: no token that started the run may approve this gate. */
            separateApprover?: boolean;
            /** @description Why it is Pending or Skipped (EXT-9). */
            reason?: string;
        };
        MemberHealthCheck: {
            url?: string;
            /** @enum {boolean} */
            provider?: true;
            /** @enum {string} */
            state: "Running" | "Passed" | "Failed";
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            requestedAt: string;
            /** @description URL checks: the answer's status. */
            statusCode?: number;
            /** @description SEC-2: the answer's status or a fixed reason (`answered 503`, `timed out (3 attempts)`, `connection failed (3 attempts)`); never the target's body. */
            detail?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            checkedAt?: string;
            /** @description Why a failed check failed (EXT-9). */
            reason?: string;
        };
        /**
         * @example {
         *       "name": "r25",
         *       "strategy": "canary-first",
         *       "upgrade": {
         *         "type": "Full",
         *         "kubernetesVersion": "1.21.14-gke.4300"
         *       },
         *       "nodeImageSelection": "Latest"
         *     }
         */
        UpdateRunInput: {
            /** @example prod-eu-1 */
            name: string;
            /**
             * @description A strategy of the fleet, copied (RUN-4).
             * @example prod-eu-1
             */
            strategy?: string;
            /** @description Inline stages instead of a strategy. */
            stages?: components["schemas"]["StrategyStage"][];
            upgrade: {
                /** @enum {string} */
                type: "Full" | "ControlPlaneOnly" | "NodeImageOnly";
                /** @example 1.21.14-gke.4300 */
                kubernetesVersion?: string;
            };
            /**
             * @default Latest
             * @enum {string}
             */
            nodeImageSelection: "Latest" | "Consistent";
        };
        UpdateRunSummary: {
            /** @example prod-eu-1 */
            name: string;
            /** @enum {string} */
            state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
            /** @description Why the run is not moving forward, led by the rule that holds it (EXT-9). */
            message?: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
        };
        UpdateRunPlan: {
            /** @example prod-eu-1 */
            run: string;
            /**
             * Format: date-time
             * @description When the plan was made (now). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            from: string;
            /**
             * Format: date-time
             * @description When the run started, or would if started now. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            end: string;
            /** @description From the run's start to its predicted end. */
            makespanSeconds: number;
            /** @description From now to the predicted end. */
            remainingSeconds: number;
            /**
             * @description The run's predicted final state.
             * @enum {string}
             */
            state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
            message?: string;
            members: {
                /** @example prod-eu-1 */
                cluster: string;
                /** @example prod-eu-1 */
                stage: string;
                /** @example prod-eu-1 */
                group: string;
                /** @enum {string} */
                state: "NotStarted" | "Running" | "Pending" | "Skipped" | "Stopped" | "Stopping" | "Failed" | "Completed";
                message?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                start?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                end?: string;
                waits?: components["schemas"]["PlanWait"][];
                /** @description Already under way when planned: its end is the sim's estimate from its start. */
                inFlight?: boolean;
            }[];
            stages: {
                /** @example prod-eu-1 */
                name: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                start?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                end?: string;
                afterStageWait?: components["schemas"]["PlanWait"];
            }[];
            criticalPath: components["schemas"]["PlanPathStep"][];
            /** @description The plan stopped before the end: nothing more would happen, its horizon came first, or its budget of steps ran out (SEC-3). */
            cutoff?: {
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                at: string;
                reason: string;
            };
            assumptions: {
                durations: string;
                jitter: string;
                faults: string;
                healthChecks: string;
            };
        };
        PlanWait: {
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            from: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            until: string;
            /** @description Starts with the rule that holds it (RUN-8, RUN-2, SEQ-5…). */
            reason: string;
        };
        PlanPathStep: {
            /** @enum {string} */
            kind: "member" | "wait" | "stage-wait" | "control-plane" | "nodes" | "soak";
            /** @description A member's cluster, a stage's or a group's name. */
            name: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            from: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            until: string;
            reason?: string;
        };
        UpdateRunSkipInput: {
            targets: {
                /** @enum {string} */
                type: "Member" | "Group" | "Stage";
                /** @example prod-eu-1 */
                name: string;
            }[];
        };
        AutoUpgradeProfile: {
            /** @example prod-eu-1 */
            name: string;
            /** @example prod-eu-1 */
            fleet: string;
            /** @example prod-eu-1 */
            strategy: string;
            channel: components["schemas"]["AutoUpgradeChannel"];
            /** @example 1.21.14-gke.4300 */
            targetKubernetesVersion?: string;
            /** @enum {string} */
            nodeImageSelection: "Latest" | "Consistent";
            disabled: boolean;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt: string;
            status: {
                /**
                 * @description The last update run the profile generated (`<profile>-<goal>-<n>`).
                 * @example prod-eu-1
                 */
                lastRun?: string;
                /**
                 * Format: date-time
                 * @description When the profile last generated a run. On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                lastGeneratedAt?: string;
                /** @description Why the last reconcile generated nothing, led by the rule that holds it (EXT-9), e.g. `EXT-5: every member already runs 1.18.6 or newer`. */
                reason?: string;
            };
        };
        /**
         * @description EXT-5: Stable — the latest patch of the minor below the newest published one (N−1); Rapid — the latest patch of the newest minor (N); NodeImage — the newest node images; TargetKubernetesVersion — targetKubernetesVersion. Never more than one minor per generated run.
         * @enum {string}
         */
        AutoUpgradeChannel: "Stable" | "Rapid" | "NodeImage" | "TargetKubernetesVersion";
        AutoUpgradeProfileInput: {
            /**
             * @description An update strategy of the fleet (RUN-4); generated runs copy it (422 if absent).
             * @example prod-eu-1
             */
            strategy: string;
            channel: components["schemas"]["AutoUpgradeChannel"];
            /**
             * @description TargetKubernetesVersion only, and required there; must be published (VER-6).
             * @example 1.21.14-gke.4300
             */
            targetKubernetesVersion?: string;
            /**
             * @default Latest
             * @enum {string}
             */
            nodeImageSelection: "Latest" | "Consistent";
            /**
             * @description A disabled profile generates nothing.
             * @default false
             */
            disabled: boolean;
        };
        AutoUpgradeProfileList: {
            items: components["schemas"]["AutoUpgradeProfile"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        RolloutConfig: {
            group: string;
            upstream: string | null;
            downstream: string | null;
            defaultSoakSeconds: number;
            soakOverrides: {
                /** @example 1.21.14-gke.4300 */
                version: string;
                soakSeconds: number;
            }[];
        };
        FleetRolloutInput: {
            /** @example prod-eu-1 */
            upstreamFleet?: string | null;
            /**
             * @description Seconds, 0..2592000 (0 to 30 days, SEQ-7); outside is a 422.
             * @example 604800
             */
            defaultSoakSeconds: number;
            /**
             * @description Per-version soak (SEQ-7, SEQ-14); 0 proceeds at once.
             * @default []
             */
            soakOverrides: {
                /** @example 1.21.14-gke.4300 */
                version: string;
                /**
                 * @description Seconds, 0..2592000 (0 to 30 days, SEQ-7); outside is a 422.
                 * @example 604800
                 */
                soakSeconds: number;
            }[];
        };
        RolloutStatus: {
            group: string;
            upstream?: string;
            downstream?: string;
            channel?: string;
            config?: components["schemas"]["RolloutConfig"];
            /** @description Words received from the upstream group so far (SEQ-8: a few per release). */
            messagesHeard?: number;
            upgrades: {
                /** @enum {string} */
                type: "CONTROL_PLANE" | "NODE";
                /** @example 1.21.14-gke.4300 */
                version: string;
                /** @enum {string} */
                tracking: "MINOR" | "PATCH";
                /** @enum {string} */
                state: "INELIGIBLE" | "PENDING" | "IN_PROGRESS" | "SOAKING" | "FORCED_SOAKING" | "COMPLETE";
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                startedAt?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                soakEndsAt?: string;
                /** @description Led by the rule that holds it (EXT-9). */
                reason?: string;
                clusters: {
                    cluster: string;
                    /** @enum {string} */
                    state: "INELIGIBLE" | "PENDING" | "IN_PROGRESS" | "SOAKING" | "FORCED_SOAKING" | "COMPLETE";
                    reason?: string;
                }[];
            }[];
            /** @description Clusters in no upgrade, and why (CH-2, SEQ-3, SEQ-4, SEQ-11). */
            clusters: {
                cluster: string;
                reason: string;
            }[];
        };
        RolloutPlan: {
            /** @example prod-eu-1 */
            fleet: string;
            /**
             * Format: date-time
             * @description When the plan was made (now). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            from: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            end: string;
            /** @description From now to the last soak's end. */
            makespanSeconds: number;
            /** @description Every group of the fleet's sequence the caller may read, head first. */
            groups: {
                group: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                start?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                end?: string;
                upgrades: {
                    /** @enum {string} */
                    type: "CONTROL_PLANE" | "NODE";
                    version: string;
                    /** @enum {string} */
                    state: "INELIGIBLE" | "PENDING" | "IN_PROGRESS" | "SOAKING" | "FORCED_SOAKING" | "COMPLETE";
                    /**
                     * Format: date-time
                     * @description On the control plane's clock (virtual in sim mode).
                     * @example 2022-06-01T10:00:00Z
                     */
                    start?: string;
                    /**
                     * Format: date-time
                     * @description On the control plane's clock (virtual in sim mode).
                     * @example 2022-06-01T10:00:00Z
                     */
                    soakStart?: string;
                    /**
                     * Format: date-time
                     * @description On the control plane's clock (virtual in sim mode).
                     * @example 2022-06-01T10:00:00Z
                     */
                    soakEndsAt?: string;
                    forced?: boolean;
                    clusters: {
                        /** @example prod-eu-1 */
                        cluster: string;
                        /**
                         * Format: date-time
                         * @description On the control plane's clock (virtual in sim mode).
                         * @example 2022-06-01T10:00:00Z
                         */
                        start?: string;
                        /**
                         * Format: date-time
                         * @description On the control plane's clock (virtual in sim mode).
                         * @example 2022-06-01T10:00:00Z
                         */
                        end?: string;
                        failed?: string;
                    }[];
                }[];
                waits?: (components["schemas"]["PlanWait"] & {
                    /** @example prod-eu-1 */
                    cluster: string;
                })[];
            }[];
            criticalPath: components["schemas"]["PlanPathStep"][];
            /** @description The plan stopped before the end: nothing more would happen, its horizon came first, or its budget of steps ran out (SEC-3). */
            cutoff?: {
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                at: string;
                reason: string;
            };
            assumptions: {
                durations: string;
                jitter: string;
                faults: string;
                healthChecks: string;
                /** @description Set when the sequence goes on upstream in fleets the caller cannot read (SEC-3): what that leaves out of the plan. */
                upstream?: string;
            };
        };
        ScopeRolloutInput: {
            upstreamScope?: string | null;
            /**
             * @description Seconds, 0..2592000 (0 to 30 days, SEQ-7); outside is a 422.
             * @example 604800
             */
            defaultSoakSeconds: number;
            /**
             * @description Per-version soak (SEQ-7, SEQ-14); 0 proceeds at once.
             * @default []
             */
            soakOverrides: {
                /** @example 1.21.14-gke.4300 */
                version: string;
                /**
                 * @description Seconds, 0..2592000 (0 to 30 days, SEQ-7); outside is a 422.
                 * @example 604800
                 */
                soakSeconds: number;
            }[];
        };
        RolloutSequence: {
            /** @example prod-eu-1 */
            name: string;
            displayName?: string;
            labels: {
                [key: string]: string;
            };
            /** @description The stages the caller may read (those naming a fleet it may read); numbers keep their place in the whole sequence. */
            stages: components["schemas"]["RolloutSequenceStage"][];
            /** @description Clusters of the sequence's fleets that no stage selects (SEQ-16): the sequence does not upgrade them. At most 1,000 listed; not in lists. */
            unselected?: string[];
            /**
             * Format: date-time
             * @description When the sequence was created. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the sequence was last written. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt: string;
        };
        RolloutSequenceStage: {
            /** @description The stage's number, from 1. */
            stage: number;
            /** @description The stage's fleets the caller may read. */
            fleets: string[];
            clusterSelector?: components["schemas"]["ClusterSelector"];
            soakSeconds: number;
            /** @description The clusters the stage selects now (SEQ-16: the first stage that selects a cluster takes it), of the fleets the caller may read, by name; at most 1,000 listed. On the sequence's own GET and PUT, not in lists. */
            clusters?: string[];
            /** @description How many clusters `clusters` stands for. */
            clusterCount?: number;
        };
        /**
         * @description Narrows a stage's fleets to the clusters whose labels match (SEQ-16); none, or an empty one, takes every cluster of the stage's fleets.
         * @example {
         *       "matchLabels": {
         *         "canary": "true"
         *       }
         *     }
         */
        ClusterSelector: {
            /**
             * @description Kubernetes labels, key → value, at most 64.
             * @example {
             *       "canary": "true",
             *       "example.com/tier": "web"
             *     }
             */
            matchLabels?: {
                [key: string]: string;
            };
            matchExpressions?: components["schemas"]["ClusterSelectorRequirement"][];
        };
        ClusterSelectorRequirement: {
            /**
             * @description A Kubernetes label key: an optional prefix (a DNS subdomain, at most 253 characters) and '/', then a name of 1 to 63 characters of A-Z, a-z, 0-9, '-', '_' and '.', starting and ending alphanumeric.
             * @example canary
             */
            key: string;
            /** @enum {string} */
            operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
            /** @description In and NotIn need at least one value; Exists and DoesNotExist take none. */
            values?: string[];
        };
        /**
         * @example {
         *       "stages": [
         *         {
         *           "fleets": [
         *             "prod"
         *           ],
         *           "clusterSelector": {
         *             "matchLabels": {
         *               "canary": "true"
         *             }
         *           },
         *           "soakSeconds": 86400
         *         },
         *         {
         *           "fleets": [
         *             "prod"
         *           ],
         *           "soakSeconds": 0
         *         }
         *       ]
         *     }
         */
        RolloutSequenceInput: {
            /** @description 1 to 10 stages in order (SEQ-15). A cluster belongs to the first stage that selects it (SEQ-16). */
            stages: {
                /** @description 1 to 20 fleets (SEQ-15). */
                fleets: string[];
                clusterSelector?: components["schemas"]["ClusterSelector"];
                /**
                 * @description Soak after the stage's upgrades, 0..2592000 seconds (0 to 30 days, SEQ-15); 0 when absent.
                 * @example 86400
                 */
                soakSeconds?: number;
            }[];
            displayName?: string;
            /**
             * @description Kubernetes labels, key → value, at most 64.
             * @example {
             *       "canary": "true",
             *       "example.com/tier": "web"
             *     }
             */
            labels?: {
                [key: string]: string;
            };
        };
        RolloutSequenceList: {
            items: components["schemas"]["RolloutSequence"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        SequencePlan: {
            /**
             * Format: date-time
             * @description When the plan was made (now). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            from: string;
            /**
             * Format: date-time
             * @description On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            end: string;
            /** @description From now to the last soak's end. */
            makespanSeconds: number;
            /** @description Every group of the fleet's sequence the caller may read, head first. */
            groups: {
                group: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                start?: string;
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                end?: string;
                upgrades: {
                    /** @enum {string} */
                    type: "CONTROL_PLANE" | "NODE";
                    version: string;
                    /** @enum {string} */
                    state: "INELIGIBLE" | "PENDING" | "IN_PROGRESS" | "SOAKING" | "FORCED_SOAKING" | "COMPLETE";
                    /**
                     * Format: date-time
                     * @description On the control plane's clock (virtual in sim mode).
                     * @example 2022-06-01T10:00:00Z
                     */
                    start?: string;
                    /**
                     * Format: date-time
                     * @description On the control plane's clock (virtual in sim mode).
                     * @example 2022-06-01T10:00:00Z
                     */
                    soakStart?: string;
                    /**
                     * Format: date-time
                     * @description On the control plane's clock (virtual in sim mode).
                     * @example 2022-06-01T10:00:00Z
                     */
                    soakEndsAt?: string;
                    forced?: boolean;
                    clusters: {
                        /** @example prod-eu-1 */
                        cluster: string;
                        /**
                         * Format: date-time
                         * @description On the control plane's clock (virtual in sim mode).
                         * @example 2022-06-01T10:00:00Z
                         */
                        start?: string;
                        /**
                         * Format: date-time
                         * @description On the control plane's clock (virtual in sim mode).
                         * @example 2022-06-01T10:00:00Z
                         */
                        end?: string;
                        failed?: string;
                    }[];
                }[];
                waits?: (components["schemas"]["PlanWait"] & {
                    /** @example prod-eu-1 */
                    cluster: string;
                })[];
            }[];
            criticalPath: components["schemas"]["PlanPathStep"][];
            /** @description The plan stopped before the end: nothing more would happen, its horizon came first, or its budget of steps ran out (SEC-3). */
            cutoff?: {
                /**
                 * Format: date-time
                 * @description On the control plane's clock (virtual in sim mode).
                 * @example 2022-06-01T10:00:00Z
                 */
                at: string;
                reason: string;
            };
            assumptions: {
                durations: string;
                jitter: string;
                faults: string;
                healthChecks: string;
                /** @description Set when the sequence goes on upstream in fleets the caller cannot read (SEC-3): what that leaves out of the plan. */
                upstream?: string;
            };
            /** @example prod-eu-1 */
            sequence: string;
        };
        SequenceRolloutList: {
            items: components["schemas"]["SequenceRollout"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        SequenceRollout: {
            /** @example control-plane-1.21.14-gke.4300 */
            id: string;
            /** @example prod-eu-1 */
            sequence: string;
            /** @enum {string} */
            type: "CONTROL_PLANE" | "NODE";
            version: string;
            /**
             * @description PAUSED: a user holds it (SEQ-20): nothing new starts, running upgrades finish, soaks go on.
             * @enum {string}
             */
            state: "RUNNING" | "PAUSED" | "COMPLETED";
            /** @description Why a paused rollout does not go on. */
            reason?: string;
            /** @description The stages the caller may read, with the clusters of its fleets. */
            stages: components["schemas"]["SequenceRolloutStage"][];
        };
        SequenceRolloutStage: {
            /** @description The stage's number in the sequence, from 1. */
            stage: number;
            /** @enum {string} */
            state: "INELIGIBLE" | "PENDING" | "IN_PROGRESS" | "SOAKING" | "FORCED_SOAKING" | "COMPLETE";
            /** @description Why the stage is not progressing, led by the rule that holds it. */
            reason?: string;
            /**
             * Format: date-time
             * @description When the stage's turn came for this version. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            startedAt?: string;
            /**
             * Format: date-time
             * @description When the stage's soak ended: the version is qualified by it. On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            endedAt?: string;
            /**
             * Format: date-time
             * @description When the stage's soak ends (or ended). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            soakEndsAt?: string;
            clusters: {
                /** @example prod-eu-1 */
                cluster: string;
                /** @example prod-eu-1 */
                fleet: string;
                /** @enum {string} */
                state: "INELIGIBLE" | "PENDING" | "IN_PROGRESS" | "SOAKING" | "FORCED_SOAKING" | "COMPLETE";
                reason?: string;
            }[];
        };
        SimStatus: {
            /**
             * Format: date-time
             * @description The virtual clock's now. On the control plane's clock (virtual in sim mode).
             * @example 2026-11-23T10:00:00.000Z
             */
            now: string;
            speed: number;
            settings: components["schemas"]["SimSettings"];
            faults: components["schemas"]["SimFault"][];
        };
        SimSettings: {
            /**
             * @default {}
             * @example {
             *       "CREATE_NODE": 120,
             *       "DRAIN_NODE": 60,
             *       "UPGRADE_CONTROL_PLANE": 600
             *     }
             */
            durations: {
                CREATE_NODE?: number;
                DELETE_NODE?: number;
                CORDON_NODE?: number;
                UNCORDON_NODE?: number;
                DRAIN_NODE?: number;
                UPGRADE_NODE?: number;
                UPGRADE_CONTROL_PLANE?: number;
                UPGRADE_COMPONENT?: number;
                RUN_PREFLIGHT?: number;
                HEALTH_CHECK?: number;
            };
            /** @default 0 */
            jitter: number;
            /** @default 5 */
            rejectionDelaySeconds: number;
        };
        SimFault: {
            id: string;
            match: {
                cluster?: string;
                pool?: string;
                node?: string;
                /** @enum {string} */
                operation?: "CREATE_NODE" | "DELETE_NODE" | "CORDON_NODE" | "UNCORDON_NODE" | "DRAIN_NODE" | "UPGRADE_NODE" | "UPGRADE_CONTROL_PLANE" | "UPGRADE_COMPONENT" | "RUN_PREFLIGHT" | "HEALTH_CHECK";
            };
            /** @enum {string} */
            effect: "FAIL" | "QUOTA_EXCEEDED" | "IP_EXHAUSTED" | "STUCK_DRAIN" | "HEALTH_CHECK_FAIL";
            times?: number;
        };
        SimFaultInput: {
            /** @default {} */
            match: {
                cluster?: string;
                pool?: string;
                node?: string;
                /** @enum {string} */
                operation?: "CREATE_NODE" | "DELETE_NODE" | "CORDON_NODE" | "UNCORDON_NODE" | "DRAIN_NODE" | "UPGRADE_NODE" | "UPGRADE_CONTROL_PLANE" | "UPGRADE_COMPONENT" | "RUN_PREFLIGHT" | "HEALTH_CHECK";
            };
            /** @enum {string} */
            effect: "FAIL" | "QUOTA_EXCEEDED" | "IP_EXHAUSTED" | "STUCK_DRAIN" | "HEALTH_CHECK_FAIL";
            times?: number;
        };
        SimAdvanceInput: {
            seconds: number;
        };
        SimSpeedInput: {
            speed: number;
        };
        SimPreemptInput: {
            cluster: string;
            pool: string;
            node: string;
        };
        Notification: {
            name: string;
            /** @description SEC-10: in full for those who may write the subscription; others see scheme://host/path with userinfo and query replaced by REDACTED. */
            url: string;
            events: string[];
            fleets?: string[];
            /**
             * Format: date-time
             * @description On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "url": "https://hooks.example.com/regatta",
         *       "secret": "at-least-16-characters-of-secret",
         *       "events": [
         *         "updaterun.*",
         *         "operation.failed"
         *       ],
         *       "fleets": [
         *         "production"
         *       ]
         *     }
         */
        NotificationInput: {
            /**
             * @description Where events are POSTed. SEC-1: https on port 443 (or a port the deployment allows) to a public host; no special-purpose address or internal name (422 SEC-1). Loopback http only when the deployment allows local development. Readers who may not write the subscription see it without query and userinfo (SEC-10).
             * @example https://hooks.example.com/regatta
             */
            url: string;
            /** @description HMAC key of X-Regatta-Signature; write-only, stored encrypted */
            secret: string;
            events: string[];
            /** @description Only events of these fleets; absent: every fleet (admin only) */
            fleets?: string[];
        };
        NotificationDelivery: {
            id: string;
            /** @example dev.regatta.updaterun.completed */
            type: string;
            subject: string;
            /**
             * Format: date-time
             * @description When the state changed (the event's time). On the control plane's clock (virtual in sim mode).
             * @example 2022-06-01T10:00:00Z
             */
            time: string;
            state: components["schemas"]["DeliveryState"];
            attempts: number;
            /** @description HTTP status of the last attempt */
            lastStatus?: number;
            /** @description Why the last attempt failed (truncated) */
            lastError?: string;
            /**
             * Format: date-time
             * @description On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            updatedAt: string;
        };
        /** @enum {string} */
        DeliveryState: "pending" | "delivered" | "dead";
        AuditList: {
            items: components["schemas"]["AuditEntry"][];
            /** @description null on the last page */
            nextCursor: string | null;
        };
        AuditEntry: {
            /**
             * Format: date-time
             * @description When the request was answered. On the wall clock.
             * @example 2022-06-01T10:00:00Z
             */
            at: string;
            /** @description The X-Request-Id the answer carried. */
            requestId: string;
            actor?: components["schemas"]["AuditActor"];
            /** @example POST */
            method: string;
            /**
             * @description The request path.
             * @example /v1/fleets/prod
             */
            resource: string;
            /** @description The fleets the request was authorized against; operators read the entries of their fleets. */
            fleets: string[];
            /** @description The answer's HTTP status. */
            status: number;
            /** @description The answer was a replay of an earlier one (Idempotency-Key). */
            replayed: boolean;
        };
        /** @description Absent when the request named no valid token (a 401). */
        AuditActor: {
            /** @description The token's public id (from the hash of its secret): a token re-created under the same name has another. Absent for signed executor callbacks. */
            tokenId?: string;
            /** @description The token's name, or `executor`. */
            name: string;
            role?: components["schemas"]["TokenRole"] & unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
