/** Service types on /services/other: their rows of the one service table (services.ts); `value` travels to the quote wizard as `service=`. */
export { otherServices, type OtherService } from './services';
