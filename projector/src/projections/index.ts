/** Every projection the projector runs. */
import type { Projection } from '../projection';
import { customerDetails } from './customer-details/projection';
import { customerSearch } from './customer-search/projection';

export const projections: Projection[] = [customerDetails, customerSearch];
