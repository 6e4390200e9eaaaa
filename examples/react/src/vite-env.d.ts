interface ImportMetaEnv {
  /** Strapi's URL. */
  readonly VITE_CMS_URL?: string;
  /** An API token that may read, update and create articles and create categories (it ships to the browser). */
  readonly VITE_CMS_TOKEN?: string;
}
