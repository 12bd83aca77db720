// setup-history upgrades the history schema as it shipped before the job's functions:
// in place, idempotently, every row kept; the functions exist and only the maintenance role runs them.
#include "core/history/historystore.h"
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

// Every row of both tables as one text (order-independent), to compare before and after.
const QString kAllRows =
    // The columns of the shipped schema: the upgrade may add columns (usuario_so), never change these.
    QStringLiteral(
        "SELECT md5(coalesce((SELECT string_agg((r.corrida_id, r.origen, r.operador, r.iniciada_en,"
        " r.terminada_en, r.estado, r.backend_pid, r.detalle)::text, '|' ORDER BY r.corrida_id) FROM "
        "identidad.purga_corridas r), '')"
        " || coalesce((SELECT string_agg(m::text, '|' ORDER BY m.corrida_id, m.metrica, m.tabla)"
        "              FROM identidad.purga_metricas m), ''))");

// A purge of the pre-token rule, as the app runs it (operator "tester"); status Error without a plan.
PurgeReceipt purgePreTokens(PgConnection &conn, Recorder &rec)
{
    PreviewPlan p;
    if (!plan(conn, {kPre}, &p)) {
        PurgeReceipt failed;
        failed.status = RunStatus::Error;
        return failed;
    }
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    return engine.run(p, options({kPre}), &rec);
}

} // namespace

class TestHistorySchema : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void upgradeFromShippedSchemaKeepsEveryRow()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histschema"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QString error;
        QVERIFY2(loadHistoryV1(db, &error), qPrintable(error));
        // 500 runs of both origins and every status, three metrics rows each.
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, iniciada_en, terminada_en, "
            "estado, detalle)\n"
            "SELECT gen_random_uuid(), CASE WHEN g % 7 = 0 THEN 'manual' ELSE 'job' END, 'op' || g,\n"
            "       now() - g * interval '1 hour', now() - g * interval '1 hour' + interval '2 minutes',\n"
            "       (ARRAY['ok','cancelado','error','lock_ocupado','interrumpido'])[1 + g % 5], 'row ' || g\n"
            "  FROM generate_series(1, 500) g;\n"
            "INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor)\n"
            "SELECT corrida_id, m, t, 17 FROM identidad.purga_corridas,\n"
            "       unnest(ARRAY['identidad_purga_filas', 'identidad_purga_duracion_ms']) m,\n"
            "       unnest(ARRAY['trx_refresh_tokens', 'trx_pre_tokens']) t;")));
        const QString before = db.scalar(kAllRows).toString();
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_metricas")).toInt(), 2000);
        // The old schema refuses the new metrics: the upgrade is what allows them.
        QVERIFY(!db.exec(
            QStringLiteral(
                "INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor) "
                "SELECT corrida_id, 'identidad_tabla_filas', 'x', 1 FROM identidad.purga_corridas LIMIT 1"),
            &error));

        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        // The start function as main shipped it before usuario_so (four arguments): replaced, not
        // overloaded, or every call with fewer arguments would be ambiguous.
        QVERIFY2(
            conn.execScript(
                QStringLiteral("CREATE FUNCTION identidad.purga_corrida_iniciar(origen text, operador text "
                               "DEFAULT NULL, detalle text DEFAULT NULL, corrida uuid DEFAULT NULL) "
                               "RETURNS uuid LANGUAGE sql AS 'SELECT NULL::uuid'"),
                &error),
            qPrintable(error));
        for (int i = 0; i < 3; ++i) // idempotent: run it again and again
            QVERIFY2(HistoryStore::setup(conn, &error), qPrintable(error));

        QCOMPARE(db.scalar(kAllRows).toString(), before);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toInt(), 500);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_metricas")).toInt(), 2000);
        for (const char *fn : {"identidad.purga_corrida_iniciar(text, text, text, uuid, text)",
                               "identidad.purga_corrida_terminar(uuid, text, text)",
                               "identidad.purga_registrar(uuid, text, text, double precision)",
                               "identidad.purga_registrar_tamanos(uuid, text[], double precision[])",
                               "identidad.purga_recibos_solo_agregar()"})
            QVERIFY2(
                db.scalar(QStringLiteral("SELECT to_regprocedure('%1') IS NOT NULL").arg(QLatin1String(fn)))
                    .toBool(),
                fn);
        // One version of each function, not an overload per setup.
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM pg_proc WHERE pronamespace = 'identidad'::regnamespace "
                               "AND proname LIKE 'purga\\_%'"))
                     .toInt(),
                 5);
        QVERIFY(
            !db.scalar(QStringLiteral("SELECT to_regprocedure('identidad.purga_corrida_iniciar(text, text, "
                                      "text, uuid)') IS NOT NULL"))
                 .toBool());
        // The new metric names are accepted now; unknown ones still are not.
        QVERIFY(db.exec(
            QStringLiteral("SELECT identidad.purga_registrar(corrida_id, 'identidad_tabla_bytes', "
                           "'identidad.trx_pre_tokens', 8192) FROM identidad.purga_corridas LIMIT 1")));
        QCOMPARE(
            db
                .scalar(QStringLiteral(
                    "SELECT tabla FROM identidad.purga_metricas WHERE metrica = 'identidad_tabla_bytes'"))
                .toString(),
            QStringLiteral("trx_pre_tokens"));
        QVERIFY(!db.exec(QStringLiteral("SELECT identidad.purga_registrar(corrida_id, 'made_up', 't', 1) "
                                        "FROM identidad.purga_corridas LIMIT 1"),
                         &error));
    }

    void onlyTheMaintenanceRoleWritesThroughTheFunctions()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histschema"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        PgConnection api;
        DbFailure err;
        QVERIFY(api.open(db.profile(QStringLiteral("identidad_api")),
                         db.passwordFor(QStringLiteral("identidad_api")), &err));
        QString error;
        QVERIFY(!api.execScript(QStringLiteral("SELECT identidad.purga_corrida_iniciar('job')"), &error));
        QVERIFY2(error.contains(QLatin1String("permission denied")), qPrintable(error));
        PgConnection purga;
        QVERIFY(openPurga(db, purga));
        QVERIFY(purga.execScript(QStringLiteral("SELECT identidad.purga_corrida_iniciar('job')"), &error));
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'en_curso' "
                               "AND operador = 'identidad_purga' AND backend_pid IS NOT NULL"))
                     .toInt(),
                 1);
    }

    // The app writes its own runs through the job's functions, never with its own INSERTs: a trigger
    // records the call stack (PG_CONTEXT) behind every write to the history tables. (current_query()
    // would only say EXECUTE qpsqlpstmt_N: Qt's driver prepares with SQL PREPARE.)
    void purgeWritesThroughTheJobsFunctions()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histschema"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(preSeedSql(200)));
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        QVERIFY(setupHistory(conn));
        QVERIFY(db.exec(QStringLiteral(
            "CREATE TABLE public.history_writes (tbl text, op text, query text);\n"
            "GRANT INSERT ON public.history_writes TO PUBLIC;\n"
            "CREATE FUNCTION public.log_history_write() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            "DECLARE stack text; BEGIN GET DIAGNOSTICS stack = PG_CONTEXT;\n"
            "INSERT INTO public.history_writes VALUES (TG_TABLE_NAME, TG_OP, stack);\n"
            "RETURN NULL; END $$;\n"
            "CREATE TRIGGER log_writes AFTER INSERT OR UPDATE ON identidad.purga_corridas\n"
            "  FOR EACH ROW EXECUTE FUNCTION public.log_history_write();\n"
            "CREATE TRIGGER log_writes AFTER INSERT OR UPDATE ON identidad.purga_metricas\n"
            "  FOR EACH ROW EXECUTE FUNCTION public.log_history_write();")));

        Recorder rec;
        const PurgeReceipt r = purgePreTokens(conn, rec);
        QCOMPARE(r.status, RunStatus::Ok);
        QVERIFY(r.rules.size() == 1 && r.rules.first().deleted > 0);

        // The run is there as before: manual, the role as operador, the OS user, its metrics.
        QCOMPARE(db.scalar(QStringLiteral("SELECT concat_ws('/', origen, operador, usuario_so, estado, "
                                          "backend_pid IS NOT NULL, terminada_en IS NOT NULL) FROM "
                                          "identidad.purga_corridas WHERE corrida_id = '%1'")
                               .arg(r.runId))
                     .toString(),
                 QStringLiteral("manual/identidad_purga/tester/ok/t/t"));
        QCOMPARE(
            metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_pre_tokens"))
                .toLongLong(),
            r.rules.first().deleted);
        QVERIFY(
            !metric(db, r.runId, QStringLiteral("identidad_tabla_bytes"), QStringLiteral("trx_pre_tokens"))
                 .isNull());
        // Every write came from a call of the functions: the start, the metrics, the end. The row
        // count is a running total each batch records again (purga_registrar's upsert: UPDATE).
        QCOMPARE(
            strings(db, QStringLiteral("SELECT DISTINCT tbl || ' ' || op FROM public.history_writes")),
            (QStringList{QStringLiteral("purga_corridas INSERT"), QStringLiteral("purga_corridas UPDATE"),
                         QStringLiteral("purga_metricas INSERT"), QStringLiteral("purga_metricas UPDATE")}));
        // The statement that wrote is always inside one of the functions (purga_registrar_tamanos
        // goes through purga_registrar), never the app's own INSERT or UPDATE.
        const QString inFunction =
            QStringLiteral("query ~ 'SQL function \"purga_(corrida_iniciar|corrida_terminar|registrar)\"'");
        QCOMPARE(
            db.scalar(
                  QStringLiteral("SELECT count(*) FROM public.history_writes WHERE NOT (%1)").arg(inFunction))
                .toInt(),
            0);
        QCOMPARE(strings(db, QStringLiteral(
                                 "SELECT DISTINCT substring(query from 'SQL function \"(purga_[a-z_]+)\"') "
                                 "FROM public.history_writes")),
                 (QStringList{QStringLiteral("purga_corrida_iniciar"),
                              QStringLiteral("purga_corrida_terminar"), QStringLiteral("purga_registrar")}));
        QVERIFY(db.scalar(QStringLiteral("SELECT count(*) FROM public.history_writes WHERE query ~ "
                                         "'purga_registrar_tamanos'"))
                    .toInt() >= 2); // the sizes, through the same function
    }

    // A history from before the functions is not written behind setup-history's back: the purge
    // still runs, says why it is not recorded, and writes nothing to the old tables.
    void oldHistoryIsNotWrittenAround()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histschema"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(preSeedSql(50)));
        QString error;
        QVERIFY2(loadHistoryV1(db, &error), qPrintable(error));
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        Recorder rec;
        QCOMPARE(purgePreTokens(conn, rec).status, RunStatus::Ok);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toInt(), 0);
        QVERIFY2(rec.logText().contains(QLatin1String("setup-history")), qPrintable(rec.logText()));
    }

private:
    SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestHistorySchema)
#include "tst_historyschema.moc"
