#pragma once

// Preflight checks about the partitions of identidad.log_sesiones beyond who may detach them
// (checks.cpp): what the partition rule can never remove.
namespace purga {

class PgConnection;
struct PreflightReport;

// Rows older than the rule's default retention sitting in the DEFAULT partition: detaching month
// partitions never removes them. Adds the warning item "default_partition:log_sesiones" (how
// many, from when to when, what the DBA can do) when there are any; no item otherwise.
void checkDefaultPartition(PgConnection &conn, PreflightReport *report);

} // namespace purga
