/** Apart from schemas.ts so a form field can read a limit without loading the validation code. */
export const LIMITS = {
  name: 100,
  email: 254,
  /** Characters as typed (spaces, brackets); the digits are counted separately. */
  phone: 40,
  message: 5000,
  additionalInfo: 2000,
  /** An address line, postcode included. */
  address: 200,
  promoCode: 40,
  furnitureItems: 50,
  phoneDigitsMin: 10,
  phoneDigitsMax: 15,
} as const;
