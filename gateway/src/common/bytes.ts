/** Bytes as megabytes to one decimal, as limits are told to people ("5 MB", "0.5 MB"). */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
