import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

const UploadLimitsQuery = graphql(`
  query UploadLimits {
    uploadLimits {
      imageMaxBytes
    }
  }
`);

/**
 * The largest image file the server takes (its UPLOAD_MAX_MB), so a form can refuse a bigger one before a long
 * upload. Undefined until known, or when it cannot be asked: the server checks every file again anyway.
 */
export function useImageMaxBytes(): number | undefined {
  return useQuery(UploadLimitsQuery).data?.uploadLimits.imageMaxBytes;
}

/** Megabytes to one decimal, as the server words its limit. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The server's own words for a file over the limit. */
export const tooLargeMessage = (maxBytes: number) => `Each image must be at most ${megabytes(maxBytes)} MB.`;
