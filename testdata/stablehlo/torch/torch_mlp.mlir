module @IrToHlo.50 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8x32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32x16xf32>, %arg4: tensor<4x16xf32>) -> tensor<4x8xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<4x32xf32>
    %cst_0 = stablehlo.constant dense<0.707106769> : tensor<4x32xf32>
    %cst_1 = stablehlo.constant dense<5.000000e-01> : tensor<4x32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.transpose %arg3, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,32]{0,1}"} : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %1 = stablehlo.dot_general %arg4, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
    %3 = stablehlo.add %1, %2 : tensor<4x32xf32>
    %4 = stablehlo.multiply %3, %cst_1 : tensor<4x32xf32>
    %5 = stablehlo.multiply %3, %cst_0 : tensor<4x32xf32>
    %6 = stablehlo.custom_call @mhlo.erf(%5) {mhlo.attributes = {}, mhlo.version = 1 : i64} : (tensor<4x32xf32>) -> tensor<4x32xf32>
    %7 = stablehlo.add %6, %cst : tensor<4x32xf32>
    %8 = stablehlo.multiply %4, %7 : tensor<4x32xf32>
    %9 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,8]{0,1}"} : (tensor<8x32xf32>) -> tensor<32x8xf32>
    %10 = stablehlo.dot_general %8, %9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf32>, tensor<32x8xf32>) -> tensor<4x8xf32>
    %11 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %12 = stablehlo.add %10, %11 : tensor<4x8xf32>
    %13 = stablehlo.reduce(%12 init: %cst_3) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %15 = stablehlo.subtract %12, %14 : tensor<4x8xf32>
    %16 = stablehlo.exponential %15 : tensor<4x8xf32>
    %17 = stablehlo.reduce(%16 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %18 = stablehlo.log %17 : tensor<4xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %20 = stablehlo.subtract %15, %19 : tensor<4x8xf32>
    return %20 : tensor<4x8xf32>
  }
}
