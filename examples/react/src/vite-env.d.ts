interface ImportMetaEnv {
  /** Strapi's URL. */
  readonly VITE_CMS_URL?: string;
  /** An API token that may read and update articles (it ships to the browser). */
  readonly VITE_CMS_TOKEN?: string;
}
