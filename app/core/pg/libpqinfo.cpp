#include "libpqinfo.h"

#include "core/util/buildinfo.h"

#include <libpq-fe.h>

namespace purga {

QString libpqVersion()
{
    return buildinfo::pgVersionText(PQlibVersion());
}

bool parseConninfo(const QString &conninfo, ConnParams *out, QString *reason)
{
    out->clear();
    char *err = nullptr;
    PQconninfoOption *parsed = PQconninfoParse(conninfo.toUtf8().constData(), &err);
    if (!parsed) {
        if (reason)
            *reason = QString::fromUtf8(err ? err : "");
        PQfreemem(err);
        return false;
    }
    for (PQconninfoOption *o = parsed; o->keyword; ++o)
        if (o->val && *o->val)
            *out << qMakePair(QByteArray(o->keyword), QByteArray(o->val));
    PQconninfoFree(parsed);
    return true;
}

} // namespace purga
