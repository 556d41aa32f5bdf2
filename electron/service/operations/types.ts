import type { z } from 'zod'
import type { RouteData, RouteId, Routes } from '../../../shared/api/routes'
import type { Wire } from '../../../shared/api/raw-json'
import type { OperationContext } from '../engine'

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

export interface ParsedInput<Id extends RouteId> {
  query: Out<Routes[Id] extends { query: infer Q } ? Q : undefined>
  body: Out<Routes[Id] extends { body: infer B } ? B : undefined>
  params: Out<Routes[Id] extends { params: infer P } ? P : undefined>
}

/** An operation answers its route's data, or that data as JSON text (list pages built in SQLite: shared/api/raw-json.ts). */
export type Operation<Id extends RouteId> = (ctx: OperationContext, input: ParsedInput<Id>) => Wire<RouteData<Id>>

/** Every route has exactly one operation: the compiler checks that nothing is left unimplemented. */
export type OperationTable = { [Id in RouteId]: Operation<Id> }
export type PartialOperationTable<Ids extends RouteId> = { [Id in Ids]: Operation<Id> }
