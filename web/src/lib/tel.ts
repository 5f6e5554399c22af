/** A phone number as a link a phone can dial: the digits and a leading +, without the spaces and dashes shown. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
