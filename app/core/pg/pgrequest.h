#pragma once

// Several statements in one round trip (the simple-query protocol), with the result of each: what
// a batch sends at once ("BEGIN; SET LOCAL ...; DELETE ...") without losing which statement
// failed. The server runs the statements in order and none after the first that fails.

#include <QList>
#include <QString>
#include <QVariant>

namespace purga {

class PgConnection;

struct StatementResult
{
    bool ok = false;
    QString tag;           // the command tag ("COMMIT"; "ROLLBACK" for a COMMIT of a failed transaction)
    qint64 rows = 0;       // the command tag's row count (DELETE n, SELECT n)
    QVariantList firstRow; // the first row's values as text; SQL NULL as a null QVariant
    QString sqlState;      // empty when the failure came from libpq (a lost connection)
    QString message;
};

struct RequestResult
{
    // One entry per statement the server answered, the failed one last.
    QList<StatementResult> statements;

    bool ok() const { return !statements.isEmpty() && statements.constLast().ok; }
    // The failed statement, or nullptr when every statement succeeded.
    const StatementResult *failure() const { return ok() ? nullptr : &statements.constLast(); }
    // The result of statement `index` counted from the end (0: the last); nullptr if it never ran.
    const StatementResult *fromEnd(int index) const;
};

// Sends `sql` (statements separated by ';') and reads every result. Not connected: one failed
// result with libpq's words.
RequestResult execRequest(PgConnection &conn, const QString &sql);

} // namespace purga
