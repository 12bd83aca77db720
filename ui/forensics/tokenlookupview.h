#pragma once

#include "core/forensics/forensics.h"
#include "core/session/dbrequest.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace purga {

class AppState;

// Token look-up: a hash (hex SHA-256) or a raw token, hashed here and never sent, logged, stored
// or shown again (the field clears itself). Shows each match, the rule that removes it and when,
// and for refresh tokens the rotation chain with the looked-up member marked; from a match, the
// owner's timeline is one click away.
class TokenLookupView : public QWidget
{
    Q_OBJECT
public:
    enum class InputKind { Hash, RawToken };

    explicit TokenLookupView(AppState *state, QWidget *parent = nullptr);

    void setInputKind(InputKind kind);
    void setInput(const QString &text); // tests
    QString inputText() const;
    QString summaryText() const;
    QTableWidget *chainTable() const { return m_chain; }
    const QList<TokenMatch> &matches() const { return m_matches; }
    bool isLookingUp() const { return m_request.isActive(); }
    void setRevealHashes(bool reveal);
    QPushButton *showTimelineButton() const { return m_showTimeline; }

public slots:
    void lookUp();
    void lookUpHash(const QString &hash); // the drill-down from a timeline row

signals:
    void lookupFinished(bool ok);
    // "Show this user's timeline" on a found token.
    void timelineRequested(qint64 empresaId, qint64 usuarioId);

private:
    void showMatches(const QList<TokenMatch> &matches);
    QString matchText(const TokenMatch &m) const;
    void setupLayout();
    void fillChain();
    QString shownHash(const QString &hash) const;

    AppState *m_state;
    QComboBox *m_kind;
    QLineEdit *m_input;
    QPushButton *m_go;
    QPushButton *m_reveal;
    QPushButton *m_showTimeline;
    QLabel *m_summary;
    QTableWidget *m_chain;
    Request<QList<TokenMatch>> m_request;
    QList<TokenMatch> m_matches;
    QString m_lookedUpHash;
};

} // namespace purga
