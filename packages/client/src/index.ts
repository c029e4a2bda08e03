export {
  type Access,
  type Grants,
  isUnbound,
  mayAccess,
  type Resource,
  type Role,
} from "@regatta/contract/access";
export { type Api, type ApiClientOptions, apiClient } from "./client.ts";
export type { components, paths } from "./generated.ts";
export {
  type Answer,
  type ApiPath,
  type ApiUrl,
  apiPath,
  type PathParamNames,
  type PathParams,
  type Query,
  withQuery,
} from "./paths.ts";
