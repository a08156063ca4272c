module @jit__special_zeta_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf64>, %arg1: tensor<32xf64>) -> (tensor<32xf64> {jax.result_info = "result[0]"}, tensor<14xf64> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<[1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.500000e+00, 1.000000e+01, 3.000000e+01, 2.000000e+00, 3.000000e+00, 2.000000e+00, 5.000000e-01, 2.500000e+00, 4.000000e+00, 3.000000e+00]> : tensor<14xf64>
    %cst_0 = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 5.000000e-01, 1.000000e+01, 1.000000e-03, 3.000000e+00, 1.000000e+00, -2.000000e+00, -3.000000e+00, -2.500000e+00, 1.000000e+00, -1.000000e+00, 1.000000e+02, 1.000000e+06]> : tensor<14xf64>
    %0 = stablehlo.abs %arg0 : tensor<32xf64>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %2 = stablehlo.multiply %0, %1 : tensor<32xf64>
    %cst_2 = stablehlo.constant dense<1.100000e+00> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %4 = stablehlo.add %2, %3 : tensor<32xf64>
    %5 = stablehlo.abs %arg1 : tensor<32xf64>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %7 = stablehlo.multiply %5, %6 : tensor<32xf64>
    %cst_4 = stablehlo.constant dense<1.000000e-01> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %9 = stablehlo.add %7, %8 : tensor<32xf64>
    %10 = chlo.zeta %4, %9 : tensor<32xf64>, tensor<32xf64> -> tensor<32xf64>
    %11 = chlo.zeta %cst, %cst_0 : tensor<14xf64>, tensor<14xf64> -> tensor<14xf64>
    return %10, %11 : tensor<32xf64>, tensor<14xf64>
  }
}
