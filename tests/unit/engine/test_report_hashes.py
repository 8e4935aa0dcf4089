"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "a0442e74a6f9a9bc8eafc2e9352100af39b8ebb0267d822feb998b3dbccbd03e",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "de0c7260651947bb6adcfd15be2c7ad786c460a0937f53e3ae192b64a4ef1df6",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "8d1aa3dad2d8fccfa8bf33c3f1a01dfef9f1c128d2fb3e97970511842b018c21",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "dbde10e54dabcce74fa23bf0c1c9fc4d311f1be54c0723d6c73da9ee553122c6",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "0f52a4aa275aa64f51a59ddcb7db8b8f56048912341c08529b42eb69b4f93151",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "d8ad0dd9a61cbca27a92ae1de38f1385f51b1134c9a4e348feca32b2d9e2e788",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "c646e36c2a922925804d9443474760385700975620fac38e07e0c68aa13282ac",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "f7ff6a6ad559f3bd162fdc6a590cade8e64b3b0b09a65d47dc94d3790db573e9",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "c78c035fdc74693e72ab79ff55dfeec9115eeb0f69ff919c1590a16d3caa00b8",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "9b7caa9789025d7a798cfa0543e2d2312886dedfcdd36802de5983824beef8ac",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "f804562f4fdf2aa58445f70b767895cde90ba9f0281629a79c383207e980aa1b",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "81a8afcf16f636d74c22f5d04ad4e3842a893dc0ce50dd45a9b5932305a04586",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "35f67cf85e32eea6083643b62fe8ce330adafa499782bf539ec190871ca61c98",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "366d16ab09af2da7d1bdde69eb85e71176d3a7d5efa712926edc25de782567e1",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "e7e34994db193908af690f7376764098f65d549f78302f7acdf6560d2f80d82e",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "27caebe47c65d9b67332cc2a0651ed2ae816ad2734d8c8db0f85a3830d192f52",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "f0a1c1b94f04cc6f43b94a86848941f25306ab679b852138b3edc5db450f2c11",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "ed2b5abff333a3aa7078637c2e86305c5c09255d1e09e35036f9c1832677ef9c",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "462744843bab362ea6e13708078874382415799abc40d39323a19462bdb06202",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "6fb3fed0ee97f5bb44739da29fa72a526fd8357c3eabef405774dff7e4226271",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "df422a86af09ce8c5dff30a34f6e842859ba96e91472522f3f42d4c392e1fe02",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "54ac3eab285e650fe030f91a276b736d506b07500d6ae83f24089e59a0b698ef",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "bb8c7de05baf8f5892c83dcba5af03977f063907d2b2eed9bf50a7d2b3eafb13",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "b5ad3a4b4f1876c4ec68bc2dc5efbac7b0fadf18b385c5d7495351e2a9fbd0a4",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "42c2eb22c8ec6a28273fd8ddeb9e34226fab7f694b2bc67cb10388615c40cba7",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "837246c23a59af2d97f26190d7b66bdd382a971ab1377ecdce8cd3b37eaf7a9f",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "3f7bd98366780d7886a387de012aacefde738230224701bdbcb58f4796b0baf3",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "c6732e9f3a04d03b7ef18894697e4488be4dc031d7a44c0acf74e0332144b15f",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "ed5a5842402ec705947f8f722a3d6918ab518667d7c2034421703bf4da394917",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "337d47c88d086a1d9df194883bcc1b2e6822e14de2bdc7d7b601ee85a15300e6",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "bdb9eabf3cb615828373ceb9894d1e476aadcb1d26435a98b5d2dd521ac41f06",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "a65ac2abf6688ab1c9e8baa50a32d91a40008f4b2b12ecc31400040e6814cf44",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
