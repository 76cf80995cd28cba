// What a page sends the customer to /quote with (`?service=&from=&to=&details=`: a service page's link, /services/other's
// form), read the same way by the wizard and by the Worker's form without JavaScript. The service and details go into
// Additional Information, where the business reads them.
import { findService } from '../data/services';
import { LIMITS } from './limits';

/** As the customer typed it (a service value we do not know is kept as text). */
export interface CarriedRequest {
  service: string;
  details: string;
  from: string;
  to: string;
}

/** The quote's answers it fills in: the same names in the wizard's state and the plain form. */
export interface CarriedAnswers {
  propertyId?: string;
  fromPostcode?: string;
  toPostcode?: string;
  additionalInfo?: string;
}

const oneLine = (value: string | null, max: number) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

export function carriedRequest(params: URLSearchParams): CarriedRequest | undefined {
  const request: CarriedRequest = {
    service: oneLine(params.get('service'), 100),
    details: (params.get('details') ?? '').trim().slice(0, 1000),
    from: oneLine(params.get('from'), LIMITS.address),
    to: oneLine(params.get('to'), LIMITS.address),
  };
  return request.service || request.details || request.from || request.to ? request : undefined;
}

export function carriedAnswers(request: CarriedRequest): CarriedAnswers {
  const known = findService(request.service);
  const answers: CarriedAnswers = {};
  if (request.from) answers.fromPostcode = request.from;
  if (request.to) answers.toPostcode = request.to;
  if (known?.suggestedSize) answers.propertyId = known.suggestedSize.id;
  const info = [request.service && `Service: ${known?.label ?? request.service}`, request.details].filter(Boolean).join('\n');
  if (info) answers.additionalInfo = info;
  return answers;
}
