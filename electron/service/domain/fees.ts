/**
 * The fee rules moved to shared/fees.ts so the console can show a payout's fee before it is sent
 * (the renderer may not import the engine). Re-exported here so engine code keeps its import path.
 */
export { DEFAULT_TARIFF, computeFee, type FeeKind } from '../../../shared/fees'
