/**
 * Values of the attributes every schema shares: ids, JSON, uploaded files and their sizes, and the
 * inputs that link media and relations in create and update data.
 */

/** An entry's id: Strapi 5 accepts the `documentId` string or the numeric `id`. */
export type CmsID = string | number;

/** Any value a `json` attribute can hold. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | {
      /** A member of a JSON object. */
      [key: string]: JsonValue;
    };

/** One generated size of an uploaded image (`thumbnail`, `small`, `medium`, `large` or a custom size). */
export interface MediaFormat {
  /** File extension with its leading dot, e.g. `.webp`. */
  ext: string;
  /** URL of this size: a path below the server (`/uploads/...`) with the local provider, absolute with others. */
  url: string;
  /** Generated file name without extension; the stored file is `hash` + `ext`. */
  hash: string;
  /** MIME type, e.g. `image/jpeg`. */
  mime: string;
  /** File name of this size, e.g. `thumbnail_photo.jpg`. */
  name: string;
  /** Folder at the storage provider, for providers that use one; usually null. */
  path: string | null;
  /** Kilobytes. */
  size: number;
  /** Pixels. */
  width: number;
  /** Pixels. */
  height: number;
  /** Bytes (`size` is in kilobytes). */
  sizeInBytes: number;
}

/** A file of the upload plugin, as a populated media attribute returns it. */
export interface MediaFile {
  /** Numeric id; the `client.upload` routes address files by it. */
  id: number;
  /** Strapi 5 document id; `client.upload` addresses files by the numeric `id`. */
  documentId: string;
  /** The original file name. */
  name: string;
  /** Alt text, as set in the media library; null when unset. */
  alternativeText: string | null;
  /** Caption, as set in the media library; null when unset. */
  caption: string | null;
  /** The point to keep in view when the image is cropped, as set in the media library; null when unset. */
  focalPoint: {
    /** Horizontal position, in percent of the width from the left edge (0 to 100). */
    x: number;
    /** Vertical position, in percent of the height from the top edge (0 to 100). */
    y: number;
  } | null;
  /** Pixels; null for files that are not images. */
  width: number | null;
  /** Pixels; null for files that are not images. */
  height: number | null;
  /** Resized variants: `thumbnail`, `small`, `medium`, `large` and custom sizes. */
  formats: Record<string, MediaFormat> | null;
  /** Generated file name without extension; the stored file is `hash` + `ext`. */
  hash: string;
  /** File extension with its leading dot. */
  ext: string;
  /** MIME type, e.g. `image/png`. */
  mime: string;
  /** Kilobytes. */
  size: number;
  /** URL of the original file: a path below the server (`/uploads/...`) with the local provider, absolute with others. */
  url: string;
  /** A preview image URL, for providers that make one; usually null. */
  previewUrl: string | null;
  /** Storage provider name. */
  provider: string;
  /** Whatever the storage provider recorded. */
  provider_metadata: {
    /** A value the provider stored, e.g. a cloud file id. */
    [key: string]: JsonValue;
  } | null;
  /** ISO 8601 timestamp of the upload. */
  createdAt: string;
  /** ISO 8601 timestamp of the last change. */
  updatedAt: string;
  /** ISO 8601 timestamp, or null. */
  publishedAt: string | null;
  /** Sent by the upload endpoints (`client.upload`): whether `url` is a signed URL. */
  isUrlSigned?: boolean;
}

/** A single media attribute in create/update data: the id of an uploaded file, or null to clear it. */
export type MediaInput = CmsID | null;

/** A multiple media attribute in create/update data: ids of uploaded files, or null to clear it. */
export type MultiMediaInput = CmsID[] | null;

/** A related entry in relation input: its documentId (or numeric id), or an object that also picks a locale, status or position. */
export type RelationRef =
  | CmsID
  | {
      /** The related entry's documentId. */
      documentId: string;
      /** Which locale of a localized related entry to link. */
      locale?: string;
      /** Link the draft or the published version of the related entry. */
      status?: 'draft' | 'published';
      /** Where to put it in an ordered relation: `before` or `after` a documentId, or at the `start` or `end`. */
      position?: {
        /** Put it before the related entry with this documentId. */
        before?: string;
        /** Put it after the related entry with this documentId. */
        after?: string;
        /** Put it first. */
        start?: boolean;
        /** Put it last. */
        end?: boolean;
      };
    };

/** A to-one relation in create/update data: an id, null to clear it, or connect/disconnect/set. */
export type RelationInput =
  | CmsID
  | null
  | {
      /** Links this entry, replacing the one linked now. */
      connect?: RelationRef | RelationRef[];
      /** Unlinks this entry. */
      disconnect?: RelationRef | RelationRef[];
      /** Links exactly this entry. */
      set?: RelationRef | RelationRef[];
    };

/** A to-many relation in create/update data: ids (replacing the set), null to clear it, or connect/disconnect/set. */
export type RelationsInput =
  | CmsID[]
  | null
  | {
      /** Adds these entries, keeping the others. */
      connect?: RelationRef[];
      /** Removes these entries, keeping the others. */
      disconnect?: RelationRef[];
      /** Replaces the related entries with exactly these. */
      set?: RelationRef[];
    };
