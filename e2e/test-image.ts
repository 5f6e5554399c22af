/** An 8x6 PNG (made with sharp): real image bytes, so the gateway's content check and resize accept it. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4USGHFTEMpAQAW3NBobeE7RcAAAAASUVORK5CYII=',
  'base64',
);

/** The PNG as a file to upload. */
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
