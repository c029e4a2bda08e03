/**
 * The notifications API as API.md "Watching and being told" describes it, typed by hand
 * in openapi-typescript's shape because it is not in /openapi.json yet (it lands with the
 * notifications work). Once it does: regenerate src/api/generated.ts, delete this file and
 * drop `PendingPaths` from client.ts; the compiler then checks the commands against the
 * real document.
 */
import type { components } from "./generated.ts";

type Problem = components["schemas"]["Problem"];
type Problems = {
  [status in 400 | 401 | 403 | 404 | 409 | 422]: {
    headers: { [name: string]: unknown };
    content: { "application/problem+json": Problem };
  };
};
type Json<T> = { headers: { [name: string]: unknown }; content: { "application/json": T } };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };

/** `PUT /v1/notifications/{name}` body; the secret is write-only. */
export interface SubscriptionInput {
  url: string;
  secret: string;
  events: string[];
  fleets?: string[];
}

/** A subscription as the API shows it: never its secret. */
export interface Subscription {
  name: string;
  url: string;
  events: string[];
  fleets?: string[];
  createdAt?: string;
  updatedAt?: string;
}

/** One delivery of an event to a subscription. */
export interface Delivery {
  id: string;
  state: string;
  type?: string;
  subject?: string;
  attempts?: number;
  lastError?: string;
  createdAt?: string;
  updatedAt?: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

type NamePath = { path: { name: string }; query?: never; header?: never; cookie?: never };

export interface PendingPaths {
  "/v1/notifications": {
    parameters: NoParameters;
    get: {
      parameters: {
        query?: { limit?: number; cursor?: string };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: Json<Page<Subscription>> } & Problems;
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
    parameters: NoParameters;
    get: {
      parameters: NamePath;
      requestBody?: never;
      responses: { 200: Json<Subscription> } & Problems;
    };
    put: {
      parameters: NamePath;
      requestBody: { content: { "application/json": SubscriptionInput } };
      responses: { 200: Json<Subscription>; 201: Json<Subscription> } & Problems;
    };
    delete: {
      parameters: NamePath;
      requestBody?: never;
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } } & Problems;
    };
    post?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/notifications/{name}/deliveries": {
    parameters: NoParameters;
    get: {
      parameters: {
        query?: { state?: string; limit?: number; cursor?: string };
        header?: never;
        path: { name: string };
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: Json<Page<Delivery>> } & Problems;
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
    parameters: NoParameters;
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: { name: string; id: string };
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: Json<Delivery>; 202: Json<Delivery> } & Problems;
    };
    get?: never;
    put?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
